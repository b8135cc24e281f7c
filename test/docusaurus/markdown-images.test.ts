import { afterAll, describe, expect, it } from 'vitest';
import { buildInMemory, buildTemplate, makeSite, png } from '../helpers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** Every `<img>` of a page whose attributes include `alt="<alt>"`. */
const images = (html: string | undefined, alt: string) =>
  [...(html ?? '').matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes(`alt="${alt}"`));

describe('Markdown images of the site itself get their size and load lazily, as Docusaurus draws them', () => {
  it("the template's images: from static/, next to a doc, next to a post", async () => {
    const { result, writer } = await buildTemplate(
      {
        'docs/more-images.md': [
          '# More images',
          '',
          '![Mountain](/img/undraw_docusaurus_mountain.svg)',
          '',
          '![Elsewhere](https://example.com/picture.png)',
          '',
          '<img src="/img/docusaurus.png" alt="Written as JSX" />',
          '',
          '![Wide](./wide.png "A title")',
        ].join('\n'),
        'docs/wide.png': png(640, 120),
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const features = writer.text('docs/tutorial-basics/markdown-features/index.html');
    expect(images(features, 'Docusaurus logo')).toEqual([
      '<img src="/img/docusaurus.png" alt="Docusaurus logo" loading="lazy" decoding="async" width="200" height="200"/>',
    ]);
    const versions = images(writer.text('docs/tutorial-extras/manage-docs-versions/index.html'), 'Docs Version Dropdown');
    expect(versions).toEqual([expect.stringMatching(/ width="370" height="302"/)]);
    // A JPEG (its size is past its metadata), next to a post in a folder of its own; the list shows it before the cut.
    const plushie = / loading="lazy" decoding="async" width="1500" height="500"/;
    expect(images(writer.text('blog/welcome/index.html'), 'Docusaurus Plushie')).toEqual([expect.stringMatching(plushie)]);
    const more = writer.text('docs/more-images/index.html');
    // An SVG's size from its own width/height or viewBox; another host's image loads lazily, without a size.
    expect(images(more, 'Mountain')).toEqual([expect.stringMatching(/ loading="lazy" decoding="async" width="\d+" height="\d+"/)]);
    expect(images(more, 'Elsewhere')).toEqual([
      '<img src="https://example.com/picture.png" alt="Elsewhere" loading="lazy" decoding="async"/>',
    ]);
    // What a writer wrote as HTML keeps the attributes they gave it (Docusaurus changes only Markdown images).
    expect(images(more, 'Written as JSX')).toEqual(['<img src="/img/docusaurus.png" alt="Written as JSX"/>']);
    expect(images(more, 'Wide')).toEqual([
      expect.stringMatching(/ title="A title" loading="lazy" decoding="async" width="640" height="120"/),
    ]);
    // No marker is left in any page.
    for (const [file] of writer.files) if (file.endsWith('.html')) expect(writer.text(file)).not.toContain('data-quire-size');
  });

  it('a quire site: Markdown (HTML output) and MDX pages, a size that cannot be read left out', async () => {
    const site = await makeSite('basic', {
      'content/docs/guide/bilder.md': '---\ntitle: Bilder\n---\n\n![Karte](/img/karte.png)\n\n![Kaputt](./kaputt.png)\n',
      'content/docs/guide/kaputt.png': 'kein Bild',
      'content/docs/guide/bilder-mdx.mdx': '---\ntitle: Bilder MDX\n---\n\n![Karte](/img/karte.png)\n\n![Daneben](./bild.svg)\n',
    });
    cleanups.push(site.cleanup);
    const { result, writer } = await buildInMemory(site.root);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const page = writer.text('de/docs/guide/bilder/index.html');
    // Written by the HTML serialiser of `.md` pages (void elements without a slash) and by React for MDX pages.
    expect(images(page, 'Karte')).toEqual([
      '<img src="/de/img/karte.png" alt="Karte" loading="lazy" decoding="async" width="12" height="6">',
    ]);
    // A file whose size cannot be read gets none (the browser lays it out when it loads).
    expect(images(page, 'Kaputt')).toEqual([
      expect.stringMatching(/^<img src="\/de\/assets\/[^"]+" alt="Kaputt" loading="lazy" decoding="async">$/),
    ]);
    const mdx = writer.text('de/docs/guide/bilder-mdx/index.html');
    expect(images(mdx, 'Karte')).toEqual([
      '<img src="/de/img/karte.png" alt="Karte" loading="lazy" decoding="async" width="12" height="6"/>',
    ]);
    expect(images(mdx, 'Daneben')).toEqual([expect.stringMatching(/ loading="lazy" decoding="async" width="10" height="10"\/>$/)]);
  });
});

describe("the site's own images that do not exist, in a Docusaurus project", () => {
  it('are warnings, not errors, as Docusaurus checks none of them: the social card of the config and of a page', async () => {
    const { result, writer } = await buildTemplate(
      {
        // The template's onBrokenLinks is 'throw': these images are not links, and still only warn.
        'docs/intro.mdx': '---\nsidebar_position: 1\nimage: /img/missing-card.png\n---\n\n# Tutorial Intro\n\nText.\n',
        'static/img/docusaurus-social-card.jpg': null,
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
    expect(result.ok).toBe(true);
    const broken = result.diagnostics.filter((d) => d.code === 'Q060').map((d) => `${d.severity} ${d.message}`);
    expect(broken).toEqual([
      'warning Broken image in front matter: /img/missing-card.png is not a file of the site (static/).',
      'warning Broken image in the site configuration: /img/docusaurus-social-card.jpg is not a file of the site (static/).',
    ]);
    // The page is written with its card named, as Docusaurus writes it.
    expect(writer.text('docs/intro/index.html')).toContain('/img/missing-card.png');
  });
});
