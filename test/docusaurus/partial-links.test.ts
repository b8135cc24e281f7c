import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTemplate, fixture } from '../helpers.ts';
import { browserMdxReact } from '../../src/compile/modules-plugin.ts';
import { relativeMarker } from '../../src/shared/markers.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

const hrefs = (html: string) =>
  [...(/<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '').matchAll(/<a href="([^"]*)"[^>]*>(Weiter|Zurück|Anker|Karte|Einstieg)</g)].map(
    (m) => `${m[2]} ${m[1]}`,
  );

describe('a relative link in a partial leads from each page that shows it, as the browser resolves it there', () => {
  it('is resolved and checked per page: found from one page, broken from the other', async () => {
    const config = (await readFile(fixture('docusaurus-classic/docusaurus.config.js'), 'utf8')).replace(
      "onBrokenLinks: 'throw'",
      "onBrokenLinks: 'warn'",
    );
    const { result, writer } = await buildTemplate(
      {
        'docusaurus.config.js': config,
        'docs/_teile/_verweis.mdx': [
          '[Weiter](zweite#abschnitt) und <a href="../intro">Zurück</a> und [Anker](#oben).',
          '',
          // A file written from the site's folder, as Docusaurus tries it last.
          '[Einstieg](/docs/intro.mdx)',
          '',
          "import Link from '@docusaurus/Link';",
          '',
          '<Link to="zweite">Karte</Link>',
          '',
        ].join('\n'),
        'docs/a/eins.mdx': "---\ntitle: Eins\n---\nimport Verweis from '../_teile/_verweis.mdx';\n\n## Oben\n\n<Verweis />\n",
        'docs/a/zweite.md': '---\ntitle: Zweite\n---\n\n## Abschnitt\n\nDa.\n',
        'docs/b/zwei.mdx': "---\ntitle: Zwei\n---\nimport Verweis from '../_teile/_verweis.mdx';\n\n## Oben\n\n<Verweis />\n",
        // An index doc's address ends with the slash in Docusaurus too: `zweite` there is in its folder.
        'docs/c/index.mdx': "---\ntitle: Drei\n---\nimport Verweis from '../_teile/_verweis.mdx';\n\n## Oben\n\n<Verweis />\n",
        'docs/c/zweite.md': '---\ntitle: Zweite in c\n---\n\n## Abschnitt\n\nDa.\n',
      },
      cleanups,
    );
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The two links broken from the second page are told, no others.
    expect(result.diagnostics.filter((d) => d.code === 'Q060').map((d) => [d.code, d.file, d.message])).toEqual([
      ['Q060', 'docs/b/zwei.mdx', 'Broken link to zweite#abschnitt: no page or file at /docs/b/zweite/.'],
      ['Q060', 'docs/b/zwei.mdx', 'Broken link to zweite: no page or file at /docs/b/zweite/.'],
    ]);
    // The template's trailingSlash is unset: relative links are written for addresses without the slash, as
    // Docusaurus's (`zweite` from /docs/a/eins is /docs/a/zweite); quire's links end in the slash.
    expect(hrefs(writer.text('docs/a/eins/index.html')!)).toEqual([
      'Weiter /docs/a/zweite/#abschnitt',
      'Zurück /docs/intro/',
      'Anker #oben',
      'Einstieg /docs/intro/',
      'Karte /docs/a/zweite/',
    ]);
    expect(hrefs(writer.text('docs/c/index.html')!)).toEqual([
      'Weiter /docs/c/zweite/#abschnitt',
      'Zurück /docs/intro/',
      'Anker #oben',
      'Einstieg /docs/intro/',
      'Karte /docs/c/zweite/',
    ]);
    expect(hrefs(writer.text('docs/b/zwei/index.html')!)).toEqual([
      'Weiter /docs/b/zweite/#abschnitt',
      'Zurück /docs/intro/',
      'Anker #oben',
      'Einstieg /docs/intro/',
      'Karte /docs/b/zweite/',
    ]);
  });
});

describe('a partial drawn in the browser (a hydrated page’s island)', () => {
  /** The browser's `@mdx-js/react` of a build, run with a stand-in React, at the given address. */
  const linkAt = (noSlash: boolean, address: string, href: string) => {
    const code = browserMdxReact(noSlash)
      .replace("import { createElement } from 'react';", 'const createElement = (type, props) => ({ type, props });')
      .replace(/export const /g, 'const ')
      .concat('\nreturn useMDXComponents({});');
    const url = new URL(address);
    const components = new Function('location', code)({ pathname: url.pathname, origin: url.origin }) as {
      a: (props: { href?: string }) => { props: { href?: string } };
    };
    return components.a({ href }).props.href;
  };

  it('resolves the partial’s relative links from the page’s address, as the build-time drawing does', () => {
    expect(linkAt(true, 'https://example.org/docs/a/eins/', relativeMarker('zweite#abschnitt'))).toBe('/docs/a/zweite#abschnitt');
    expect(linkAt(true, 'https://example.org/docs/a/eins/', relativeMarker('../intro'))).toBe('/docs/intro');
    expect(linkAt(false, 'https://example.org/docs/a/eins/', relativeMarker('zweite'))).toBe('/docs/a/eins/zweite');
    expect(linkAt(true, 'https://example.org/', relativeMarker('seite'))).toBe('/seite');
    expect(linkAt(true, 'https://example.org/docs/a/eins/', relativeMarker('zweite seite'))).toBe('/docs/a/zweite%20seite');
    // Other links are left as they are.
    expect(linkAt(true, 'https://example.org/docs/a/eins/', '/docs/intro/')).toBe('/docs/intro/');
  });
});
