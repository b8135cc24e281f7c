import { describe, expect, it } from 'vitest';
import { minimalConfig } from './config-fixture.ts';
import { compileSource } from '../../src/compile/index.ts';
import { contentUrlPolicy } from '../../src/compile/processors.ts';
import { unsafeInConfig } from '../../src/config/index.ts';
import { CODES, report, type Diagnostic } from '../../src/diagnostics.ts';
import { isPlainHtml, shortUrl, TEXT_ATTRIBUTES, unsafeUrl, urlScheme, type UnsafeFinding } from '../../src/shared/url-policy.ts';
import type { SiteConfig } from '../../src/config/index.ts';
import type { Source } from '../../src/types.ts';

const config = minimalConfig();

/** A page whose body starts on line 4 of its file (after three lines of front matter). */
function source(body: string, format: 'md' | 'mdx'): Source {
  return {
    kind: 'doc',
    file: `content/docs/guide/a.${format}`,
    format,
    id: 'guide/a',
    path: '/docs/guide/a/',
    frontMatter: {},
    body,
    bodyLine: 4,
    hash: 'h',
  };
}

/** The diagnostic a page gets, if any. */
async function compiled(body: string, format: 'md' | 'mdx'): Promise<Diagnostic | undefined> {
  const result = await compileSource(source(body, format), config);
  return 'diagnostic' in result ? result.diagnostic : undefined;
}

/** Each case's HTML stands on line 6 of the file (`Text`, a blank line, then it). */
const pageBody = (html: string) => `Text\n\n${html}\n`;

interface Case {
  name: string;
  /** Valid as HTML and as MDX's JSX (void elements closed with `/>`). */
  html: string;
  /** Where the refused element starts in `html`: the diagnostic's column. */
  at: string;
  /** In the message. */
  says: string;
  /** false: a case of HTML in `.md` (and the config) only. */
  mdx?: boolean;
  /** In the message for config HTML, when it differs (config HTML is parsed as browsers running scripts do). */
  configSays?: string;
}

/** Every URL-bearing attribute, inline event handlers and scripts: each refused. */
const ATTRIBUTES: Case[] = [
  {
    name: 'a href',
    html: '<a href="javascript:alert(1)">x</a>',
    at: '<a',
    says: "A javascript: address is not published (javascript:alert(1)): it runs code in the visitor's browser. It is the href of <a>.",
  },
  {
    name: 'area href',
    html: '<map name="m"><area href="javascript:alert(1)" alt="x" /></map>',
    at: '<area',
    says: 'It is the href of <area>.',
  },
  { name: 'img src', html: '<img src="javascript:alert(1)" alt="x" />', at: '<img', says: 'It is the src of <img>.' },
  {
    name: 'img srcset (a later candidate)',
    html: '<img src="/img/a.png" srcset="/img/a.png 1x, data:image/svg+xml,%3Csvg%20onload=alert(1)%3E 2x" alt="x" />',
    at: '<img',
    says: 'An SVG data: address is not published (data:image/svg+xml,%3Csvg%20onload=al…): an SVG can hold scripts. It is the srcset of <img>.',
  },
  {
    name: 'source srcset',
    html: '<picture><source srcset="javascript:alert(1)" /><img src="/img/a.png" alt="x" /></picture>',
    at: '<source',
    says: 'It is the srcset of <source>.',
  },
  {
    name: 'SVG a xlink:href',
    html: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    at: '<a',
    says: 'It is the xlink:href of <a>.',
  },
  { name: 'SVG use href', html: '<svg><use href="javascript:alert(1)" /></svg>', at: '<use', says: 'It is the href of <use>.' },
  {
    name: 'SVG image href (an SVG data: image)',
    html: '<svg><image href="data:image/svg+xml;base64,PHN2Zz4=" /></svg>',
    at: '<image',
    says: 'An SVG data: address is not published',
  },
  {
    name: 'form action',
    html: '<form action="javascript:alert(1)"><button>Los</button></form>',
    at: '<form',
    says: 'It is the action of <form>.',
  },
  {
    name: 'button formaction',
    html: '<form><button formaction="javascript:alert(1)">Los</button></form>',
    at: '<button',
    says: 'It is the formaction of <button>.',
  },
  {
    name: 'input formaction',
    html: '<input type="submit" formaction="javascript:alert(1)" />',
    at: '<input',
    says: 'It is the formaction of <input>.',
  },
  {
    name: 'input src (a document as data:)',
    html: '<input type="image" src="data:text/html,x" alt="x" />',
    at: '<input',
    says: 'A data: address is not published here (data:text/html,x): only PNG, JPEG, GIF, WebP and AVIF images',
  },
  { name: 'video poster', html: '<video poster="javascript:alert(1)"></video>', at: '<video', says: 'It is the poster of <video>.' },
  {
    name: 'object data',
    html: '<object data="data:text/html,%3Cscript%3Ealert(1)%3C/script%3E"></object>',
    at: '<object',
    says: 'outside an image a data: URL opens as a document of its own. It is the data of <object>.',
  },
  {
    name: 'embed src',
    html: '<embed src="data:image/svg+xml,%3Csvg%20onload=alert(1)%3E" />',
    at: '<embed',
    says: 'It is the src of <embed>.',
  },
  { name: 'iframe src', html: '<iframe src="javascript:alert(1)"></iframe>', at: '<iframe', says: 'It is the src of <iframe>.' },
  {
    name: 'blockquote cite',
    html: '<blockquote cite="javascript:alert(1)">Zitat</blockquote>',
    at: '<blockquote',
    says: 'It is the cite of <blockquote>.',
  },
  {
    name: 'td background',
    html: '<table><tbody><tr><td background="javascript:alert(1)">x</td></tr></tbody></table>',
    at: '<td',
    says: 'It is the background of <td>.',
  },
  {
    name: 'a ping (a later URL)',
    html: '<a href="/docs/" ping="/zaehler javascript:alert(1)">x</a>',
    at: '<a',
    says: 'It is the ping of <a>.',
  },
  {
    name: 'meta refresh',
    html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)" />',
    at: '<meta',
    says: 'It is the refresh address in the content of <meta>.',
  },
  {
    name: 'link href (a stylesheet as data:)',
    html: '<link rel="stylesheet" href="data:text/css,body{}" />',
    at: '<link',
    says: 'It is the href of <link>.',
  },
  {
    name: 'iframe srcdoc (a handler in its document)',
    html: '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>',
    at: '<iframe',
    says: 'An inline event handler is not published (onerror="alert(1)"): it runs code in the visitor\'s browser. It is on <img>. This is in the srcdoc of <iframe>.',
  },
  { name: 'MathML href', html: '<math href="javascript:alert(1)"><mi>x</mi></math>', at: '<math', says: 'It is the href of <math>.' },
  {
    name: 'SVG animate values (into an href)',
    html: '<svg><a><animate attributeName="href" values="javascript:alert(1)" /><text>x</text></a></svg>',
    at: '<animate',
    says: 'It is the values of <animate>.',
  },
  {
    name: 'a href (a document as data:)',
    html: '<a href="data:text/html,%3Cscript%3Ealert(1)%3C/script%3E">x</a>',
    at: '<a',
    says: 'A data: address is not published here',
  },
  {
    name: 'a href (a data: image, not where an image is shown)',
    html: '<a href="data:image/png;base64,iVBORw0KGgo=">x</a>',
    at: '<a',
    says: 'outside an image a data: URL opens as a document of its own',
  },
  {
    name: 'a href vbscript:',
    html: '<a href="vbscript:msgbox(1)">x</a>',
    at: '<a',
    says: 'A vbscript: address is not published (vbscript:msgbox(1))',
  },
  {
    name: 'a in a template',
    html: '<template><a href="javascript:alert(1)">x</a></template>',
    at: '<template',
    says: 'It is the href of <a>.',
    mdx: false,
  },
  {
    name: 'img onerror',
    html: '<img src="/img/a.png" onerror="alert(1)" alt="x" />',
    at: '<img',
    says: 'An inline event handler is not published (onerror="alert(1)"): it runs code in the visitor\'s browser. It is on <img>.',
  },
  { name: 'div onclick', html: '<div onclick="alert(1)">x</div>', at: '<div', says: '(onclick="alert(1)")' },
  { name: 'svg onload', html: '<svg onload="alert(1)"></svg>', at: '<svg', says: 'It is on <svg>.' },
  { name: 'a handler in capitals', html: '<p ONMOUSEOVER="alert(1)">x</p>', at: '<p', says: 'An inline event handler is not published' },
  {
    name: 'script',
    html: '<script>alert(1)</script>',
    at: '<script',
    says: "A <script> is not published: it runs code in the visitor's browser.",
    mdx: false,
  },
  {
    name: 'script src',
    html: '<script src="https://evil.example/x.js"></script>',
    at: '<script',
    says: 'A <script> is not published (src="https://evil.example/x.js")',
  },
  { name: 'SVG script', html: '<svg><script>alert(1)</script></svg>', at: '<script', says: 'A <script> is not published', mdx: false },
  {
    name: 'a noscript closed by a value',
    html: '<div><noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript></div>',
    at: '<noscript',
    says: 'HTML inside <noscript> closes it (</noscript><img src=x onerror=alert(1)>)',
    mdx: false,
    configSays: 'An inline event handler is not published (onerror="alert(1)")',
  },
];

/** Spellings browsers read as a script URL; each in an `<a href>`. */
const SPELLINGS: [string, string][] = [
  ['decimal character reference', '&#106;avascript:alert(1)'],
  ['hexadecimal character reference', '&#x6A;avascript:alert(1)'],
  ['character reference without its semicolon', '&#0000106avascript:alert(1)'],
  ['named colon', 'javascript&colon;alert(1)'],
  ['tab as a character reference', 'java&#9;script:alert(1)'],
  ['newline as a named reference', 'java&NewLine;script:alert(1)'],
  ['a tab as written', 'java\tscript:alert(1)'],
  ['a newline as written', 'java\nscript:alert(1)'],
  ['leading spaces', '   javascript:alert(1)'],
  ['a leading control character', '\u0001javascript:alert(1)'],
  ['a leading control character as a reference', '&#1;javascript:alert(1)'],
  ['mixed case', 'JaVaScRiPt:alert(1)'],
  ['VBScript in capitals', 'VBSCRIPT:msgbox(1)'],
  ['data: in capitals', ' DATA:text/html,x'],
];

/** Markdown's own links and images (checked as Markdown, before any HTML). */
const MARKDOWN: { name: string; body: string; column: number; says: string; mdx?: boolean }[] = [
  {
    name: 'a link',
    body: 'Klick [hier](javascript:alert(1)) bitte.',
    column: 7,
    says: "A javascript: address is not published (javascript:alert(1)): it runs code in the visitor's browser. It is the target of a Markdown link.",
  },
  { name: 'an autolink', body: 'Siehe <javascript:alert(1)>.', column: 7, says: 'It is the target of a Markdown link.', mdx: false },
  { name: 'a definition', body: '[d]: javascript:alert(1)', column: 1, says: 'It is the target of a link definition.' },
  { name: 'an SVG image', body: '![Bild](data:image/svg+xml,%3Csvg%3E)', column: 1, says: 'An SVG data: address is not published' },
  { name: 'a link to a document as data:', body: '[Seite](data:text/html,x)', column: 1, says: 'A data: address is not published here' },
];

/** What must stay as written: near misses of the cases above. */
const ALLOWED = [
  '<a href="https://example.org/">extern</a>',
  '<a href="mailto:hallo@example.org">Mail</a> und <a href="tel:+49301234">Telefon</a>',
  '<a href="/docs/">Seite</a> und <a href="./javascript-tipps/">relativ</a> und <a href="#abschnitt">Anker</a>',
  '<a href="/docs/javascript:faq/">ein Pfad mit Doppelpunkt</a>',
  '<a href="java script:alert(1)">ein relativer Pfad</a>',
  '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Punkt" />',
  '<img src="/img/a.png" srcset="data:image/webp;base64,UklGRg== 1x, /img/a.png 2x" alt="Punkt" />',
  '<video poster="data:image/jpeg;base64,/9j/4AAQ"></video>',
  '<abbr title="javascript: kein Link">JS</abbr> und <span data-hinweis="javascript:">Daten</span>',
  '<form action="/suche/"><button formaction="https://example.org/suche">Los</button></form>',
  '<svg><use href="#symbol" /><image href="data:image/gif;base64,R0lGODlh" /></svg>',
  '<meta http-equiv="refresh" content="5; url=/docs/" />',
  '<iframe srcdoc="&lt;p&gt;Hallo&lt;/p&gt;" title="Beispiel"></iframe>',
];

const ALLOWED_MD_ONLY = [
  'javascript: ist eine Sprache, vbscript: war eine, und data: ist ein Wort.',
  '`<a href="javascript:alert(1)">` im Code',
  '```html\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n```',
  '<script type="application/ld+json">{"@context": "https://schema.org"}</script>',
  '<noscript><p>Ohne JavaScript</p></noscript>',
  '<template><a href="/docs/">x</a></template>',
  '[Mail](mailto:hallo@example.org), ![Punkt](data:image/png;base64,iVBORw0KGgo=)',
];

const withAnnouncement = (content: string): SiteConfig => ({
  ...config,
  announcementBar: { id: 'a', content, backgroundColor: '#fff', textColor: '#000', isCloseable: true },
});
const withCopyright = (copyright: string): SiteConfig => ({ ...config, footer: { ...config.footer, copyright } });

/** What the policy found, in the catalogue's words (Q064). */
const words = (found: UnsafeFinding | undefined) => (found ? report(CODES.UNSAFE_URL, 'finding', found, {}).message : undefined);

describe('URL policy', () => {
  it('url policy: should read a scheme as the WHATWG URL parser does', () => {
    const spellings = [
      'javascript:x',
      ' \u0001JaVa\tScRiPt:x',
      'java\nscript:x',
      'java script:x',
      '/docs/javascript:x',
      './a:b',
      'data:image/png,x',
      'mailto:a@b',
      '\u0000 vbscript:x',
      'javascript\u00a0:x',
      '1javascript:x',
      'a+b.c-d:x',
      '#x:y',
    ];
    for (const spelling of spellings) {
      const parsed = new URL(spelling, 'https://base.invalid/');
      const relative = parsed.origin === 'https://base.invalid' && parsed.protocol === 'https:';
      expect(urlScheme(spelling), spelling).toBe(relative ? undefined : parsed.protocol.slice(0, -1));
    }
    expect(shortUrl('java\tscript:alert(1)')).toBe('java\\tscript:alert(1)');
    expect(unsafeUrl('data:image/png;base64,AAAA', 'image')).toBeUndefined();
    expect(unsafeUrl(' data: Image/AVIF ;base64,AAAA', 'image')).toBeUndefined();
    expect(words(unsafeUrl('data:image/svg+xml,<svg/>', 'image'))).toContain('SVG');
    expect(words(unsafeUrl('data:image/png;base64,AAAA', 'link'))).toContain('outside an image');
  });

  describe('HTML in .md', () => {
    for (const c of ATTRIBUTES) {
      it(`url policy: should refuse ${c.name} in a .md file at its line and column`, async () => {
        const d = await compiled(pageBody(c.html), 'md');
        expect(d).toMatchObject({ code: CODES.UNSAFE_URL, file: 'content/docs/guide/a.md', line: 6, column: c.html.indexOf(c.at) + 1 });
        expect(d!.message).toContain(c.says);
        expect(d!.hint).toBeTruthy();
      });
    }
    for (const [name, url] of SPELLINGS) {
      it(`url policy: should refuse a script or data URL spelt with ${name}`, async () => {
        const d = await compiled(pageBody(`Klick <a href="${url}">hier</a>.`), 'md');
        expect(d).toMatchObject({ code: CODES.UNSAFE_URL, line: 6, column: 7 });
        expect(d!.message).toMatch(/^An? (javascript|vbscript|data): address is not published/);
      });
    }
    it('url policy: should say what to write instead: a page or https link, a file, a component', async () => {
      expect((await compiled(pageBody('<a href="javascript:alert(1)">x</a>'), 'md'))!.hint).toBe(
        "Link to a page or an https:// address; interactive parts belong in the theme's components.",
      );
      expect((await compiled(pageBody('<a href="data:text/html,x">x</a>'), 'md'))!.hint).toBe(
        'Put the file in static/ (or next to the page) and refer to its path.',
      );
      expect((await compiled(pageBody('<b onclick="x()">x</b>'), 'md'))!.hint).toBe(
        "Interactive parts belong in a theme component or the site's client code (src/client/), not in the page's HTML.",
      );
    });
  });

  describe('JSX in .mdx', () => {
    for (const c of ATTRIBUTES.filter((c) => c.mdx !== false)) {
      it(`url policy: should refuse ${c.name} in an .mdx file at its line and column`, async () => {
        const d = await compiled(pageBody(c.html), 'mdx');
        expect(d).toMatchObject({ code: CODES.UNSAFE_URL, file: 'content/docs/guide/a.mdx', line: 6, column: c.html.indexOf(c.at) + 1 });
        expect(d!.message).toContain(c.says.replace('xlink:href', 'xlink:href'));
      });
    }
    for (const [name, url] of SPELLINGS) {
      it(`url policy: should refuse a script or data URL spelt with ${name} in .mdx`, async () => {
        const result = await compileSource(source(pageBody(`Klick <a href="${url}">hier</a>.`), 'mdx'), config);
        if (url.startsWith('&#0000106')) {
          // MDX decodes only references closed by `;`: this value is a relative path (React writes its `&` as
          // `&amp;`), resolved like any other.
          if (!('compiled' in result) || result.compiled.output.type !== 'hast') throw new Error('expected a compiled tree');
          expect(JSON.stringify(result.compiled.output.tree)).toContain('"value":"/de/docs/guide/a/&/#0000106avascript:alert(1)"');
        } else expect('diagnostic' in result && result.diagnostic).toMatchObject({ code: CODES.UNSAFE_URL, line: 6, column: 7 });
      });
    }
    it("url policy: should refuse string expressions, components' URL props and string handlers in .mdx", async () => {
      const cases: [string, number, string][] = [
        ['<a href={"javascript:alert(1)"}>x</a>', 1, 'It is the href of <a>.'],
        ['<a href={`javascript:alert(1)`}>x</a>', 1, 'It is the href of <a>.'],
        ['<Figure src="data:image/svg+xml,%3Csvg%3E" alt="x" />', 1, 'It is the src prop of <Figure>.'],
        ['<Card title="Karte" href="javascript:alert(1)">Text</Card>', 1, 'It is the href prop of <Card>.'],
        ['<Hero primaryHref="vbscript:x" />', 1, 'It is the primaryHref prop of <Hero>.'],
        ['<Steps next="javascript:alert(1)" />', 1, 'It is the next prop of <Steps>.'],
        ['Klick <button onClick="alert(1)">hier</button>.', 7, 'An inline event handler is not published (onClick="alert(1)")'],
        ['<Tabs onChange="alert(1)" />', 1, 'It is on <Tabs>.'],
        ['<svg><a xlinkHref="javascript:alert(1)"><text>x</text></a></svg>', 6, 'It is the xlinkHref of <a>.'],
        ['<img src="/img/a.png" srcSet="data:text/html,x 2x" alt="x" />', 1, 'It is the srcSet of <img>.'],
        ['<iframe srcDoc="<script>alert(1)</script>" />', 1, 'A <script> is not published'],
        ['<script>{"alert(1)"}</script>', 1, 'A <script> is not published'],
        ['<a href="java\tscript:alert(1)">x</a>', 1, 'A javascript: address is not published (java\\tscript:alert(1))'],
      ];
      for (const [html, column, says] of cases) {
        const d = await compiled(pageBody(html), 'mdx');
        expect(d, html).toMatchObject({ code: CODES.UNSAFE_URL, line: 6, column });
        expect(d!.message, html).toContain(says);
      }
    });
  });

  describe('Markdown', () => {
    for (const c of MARKDOWN) {
      for (const format of c.mdx === false ? (['md'] as const) : (['md', 'mdx'] as const)) {
        it(`url policy: should refuse ${c.name} in .${format}`, async () => {
          const d = await compiled(pageBody(c.body), format);
          expect(d).toMatchObject({ code: CODES.UNSAFE_URL, line: 6, column: c.column });
          expect(d!.message).toContain(c.says);
        });
      }
    }
  });

  it('url policy: should keep the near misses as written, in .md and .mdx', async () => {
    for (const html of [...ALLOWED, ...ALLOWED_MD_ONLY]) {
      const result = await compileSource(source(pageBody(html), 'md'), config);
      expect('compiled' in result ? undefined : result.diagnostic, html).toBeUndefined();
    }
    for (const html of ALLOWED) {
      const result = await compileSource(source(pageBody(html), 'mdx'), config);
      expect('compiled' in result ? undefined : result.diagnostic, html).toBeUndefined();
    }
    const md = await compileSource(source(pageBody(ALLOWED.join('\n\n')), 'md'), config);
    if (!('compiled' in md) || md.compiled.output.type !== 'html') throw new Error('expected html');
    // Written as they were (site paths get the base path).
    expect(md.compiled.output.html).toContain('<a href="mailto:hallo@example.org">Mail</a>');
    expect(md.compiled.output.html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Punkt">');
    expect(md.compiled.output.html).toContain('<abbr title="javascript: kein Link">JS</abbr>');
    expect(md.compiled.output.html).toContain('<a href="/de/docs/">Seite</a>');
  });

  it('url policy: should read only the text attributes as text, and any other attribute as a possible URL', async () => {
    // Each text attribute (DOMPurify's URI-safe list) keeps a value that merely starts like a script URL.
    for (const name of TEXT_ATTRIBUTES) {
      const attribute = name === 'classname' ? 'class' : name === 'htmlfor' ? 'for' : name;
      const html = `<span ${attribute}="javascript: nur Text">x</span>`;
      const result = await compileSource(source(pageBody(html), 'md'), config);
      expect('compiled' in result ? undefined : result.diagnostic, html).toBeUndefined();
    }
    // An attribute on neither list is still read for a script URL: SVG's <set> puts its `to` into an href.
    const set = await compileSource(
      source(pageBody('<svg><a><set attributeName="href" to="javascript:alert(1)" /><text>x</text></a></svg>'), 'md'),
      config,
    );
    expect('diagnostic' in set ? set.diagnostic : undefined).toMatchObject({ code: CODES.UNSAFE_URL });
    expect('diagnostic' in set ? set.diagnostic.message : '').toContain('It is the to of <set>.');
  });

  describe('config HTML', () => {
    const htmlCases = ATTRIBUTES;
    for (const c of htmlCases) {
      it(`url policy: should refuse ${c.name} in the announcement and the copyright, named by key`, async () => {
        const announcement = await unsafeInConfig(withAnnouncement(`Neu: ${c.html}`));
        expect(announcement).toHaveLength(1);
        expect(announcement[0]).toMatchObject({
          code: CODES.UNSAFE_URL,
          severity: 'error',
          file: 'site.config.ts',
          keyPath: 'announcementBar.content',
        });
        expect(announcement[0].message).toContain(c.configSays ?? c.says);
        const copyright = await unsafeInConfig(withCopyright(`© 2025 ${c.html}`));
        expect(copyright.map((d) => [d.code, d.keyPath])).toEqual([[CODES.UNSAFE_URL, 'footer.copyright']]);
      });
    }
    for (const [name, url] of SPELLINGS) {
      it(`url policy: should refuse a script or data URL spelt with ${name} in config HTML`, async () => {
        const found = await unsafeInConfig(withAnnouncement(`Neu: <a href="${url}">hier</a>`));
        expect(found.map((d) => [d.code, d.keyPath])).toEqual([[CODES.UNSAFE_URL, 'announcementBar.content']]);
      });
    }
    it('url policy: should read config HTML as browsers do: <noscript> as text, a tag left unfinished taking the page in', async () => {
      // The announcement is published as written, so a browser running scripts reads <noscript> as text up to its end.
      const breakout = await unsafeInConfig(
        withAnnouncement('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>'),
      );
      expect(breakout.map((d) => d.message)).toEqual([
        'An inline event handler is not published (onerror="alert(1)"): it runs code in the visitor\'s browser. It is on <img>.',
      ]);
      const unfinished = await unsafeInConfig(withAnnouncement('Neu: <img src=x onerror=alert(1) title='));
      expect(unfinished.map((d) => d.message)).toEqual([
        "The HTML ends inside a tag (<img src=x onerror=alert(1) title=): the page's own markup would become part of it.",
      ]);
    });
    it("url policy: should refuse script URLs in the config's links, named by key", async () => {
      const links = await unsafeInConfig({
        ...config,
        navbar: {
          ...config.navbar,
          items: [
            {
              type: 'dropdown',
              label: 'Mehr',
              items: [
                { label: 'Gut', href: 'https://example.org/' },
                { label: 'Böse', href: ' javascript:alert(1)' },
              ],
            },
          ],
        },
        footer: { ...config.footer, social: [{ label: 'X', href: 'vbscript:x' }] },
      });
      expect(links.map((d) => [d.code, d.keyPath])).toEqual([
        [CODES.UNSAFE_URL, 'navbar.items.0.items.1.href'],
        [CODES.UNSAFE_URL, 'footer.social.0.href'],
      ]);
    });
    it('url policy: should keep the near misses in config HTML, and parse only HTML that could hold something refused', async () => {
      for (const html of [
        ...ALLOWED,
        'Neu für Neukunden: <a href="/deals/manga/">3 Tage Pro kostenlos</a> – Manga zweisprachig lesen.',
        '© 2025 Bilingo Technologies GmbH',
      ]) {
        expect(await unsafeInConfig(withAnnouncement(html)), html).toEqual([]);
        expect(await unsafeInConfig(withCopyright(html)), html).toEqual([]);
      }
      // The real site's announcement needs no parser; every refused case does.
      expect(isPlainHtml('Neu für Neukunden: <a href="/deals/manga/">3 Tage Pro kostenlos</a> – Manga zweisprachig lesen.')).toBe(true);
      for (const html of [
        ...ATTRIBUTES.map((c) => c.html),
        ...SPELLINGS.map(([, url]) => `<a href="${url}">x</a>`),
        '<img src=x onerror=alert(1) title=',
      ]) {
        expect(isPlainHtml(html), html).toBe(false);
      }
    });
  });

  it('url policy: should check a hast element the way raw HTML is parsed (properties as hast names them)', () => {
    const element = (tagName: string, properties: Record<string, unknown>) =>
      contentUrlPolicy.hastElement({ type: 'element', tagName, properties, children: [] });
    expect(words(element('a', { xLinkHref: 'javascript:x' }))).toContain('It is the xlink:href of <a>.');
    expect(element('img', { src: '/a.png', srcSet: ['data:image/png;base64', 'AAAA 1x'] })).toBeUndefined();
    expect(element('a', { dataTarget: 'javascript:x', ariaDescription: 'javascript:x', className: ['javascript:x'] })).toBeUndefined();
    expect(words(element('meta', { httpEquiv: ['refresh'], content: "0; URL='javascript:x'" }))).toContain('refresh address');
  });
});
