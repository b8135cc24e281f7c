import type { MemoryWriter } from '../../src/emit/index.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildInMemory, fixture, buildTemplate, makeSite } from '../helpers.ts';
import { cssModuleNamesOf } from '../../src/compile/modules-plugin.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(cleanups.map((c) => c())));

/** Builds a copy of the create-docusaurus template with an overlay (file → text). */
const build = (overlay: Record<string, string>) => buildTemplate(overlay, cleanups);

const COUNTER = `import React, {useState} from 'react';
import clsx from 'clsx';
import styles from './Counter.module.css';
import Link from '@docusaurus/Link';

export const START = 3;

export default function Counter({label, children}) {
  const [count] = useState(START);
  return (
    <div className={clsx(styles.box, count > 2 && 'counter--big')}>
      {label}: {count} <Link to="/docs/intro">Intro</Link>
      {children}
    </div>
  );
}
`;

/**
 * A stand-in for a project's `sass` package (quire has none): `$name: value;` put in place, what it read reported as
 * Sass reports it.
 */
const SASS_STAND_IN = {
  'node_modules/sass/package.json': '{ "name": "sass", "main": "index.js" }',
  'node_modules/sass/index.js': [
    "const fs = require('node:fs');",
    "const { pathToFileURL } = require('node:url');",
    'exports.compile = (file) => {',
    '  const vars = {};',
    "  let css = fs.readFileSync(file, 'utf8').replace(/^\\$([\\w-]+):\\s*([^;]+);\\n/gm, (_, k, v) => { vars[k] = v; return ''; });",
    '  css = css.replace(/\\$([\\w-]+)/g, (_, k) => vars[k]);',
    '  return { css, loadedUrls: [pathToFileURL(file)] };',
    '};',
  ].join('\n'),
};

/**
 * A package's files whose ES entry awaits at its top level, as yoga-layout's awaits its WebAssembly (in the project's
 * src/: the fixture's node_modules is this repository's, not to be written to).
 */
const WAITING_PACKAGE = {
  'src/wartet/package.json': '{ "name": "wartet", "type": "module", "main": "./index.js" }',
  'src/wartet/index.js': 'const engine = await Promise.resolve({ size: 7 });\nexport default engine;\nexport const Edge = { All: 8 };\n',
  'src/components/Viewer.js':
    "import engine, {Edge} from '../wartet';\nexport default function Viewer() {\n  return <b>{engine.size + Edge.All}</b>;\n}\n",
};

/** The code of the island a page hydrates, with the project chunks it may import. */
function islandCode(writer: MemoryWriter, html: string): string {
  const src = /data-island-src="\/([^"]+)"/.exec(html)![1];
  return [src, ...[...writer.files.keys()].filter((f) => /^assets\/project\/chunk-/.test(f))].map((f) => writer.text(f) ?? '').join('\n');
}

describe('MDX imports of the project’s own modules, as Docusaurus pages write them', () => {
  it("writes a Link to pathname:// as the path under the base path, as Docusaurus's Link does (Prettier's home page)", async () => {
    const { result, writer } = await build({
      'src/pages/links.js': [
        "import React from 'react';",
        "import Link from '@docusaurus/Link';",
        "import Layout from '@theme/Layout';",
        'export default function Links() {',
        '  return <Layout title="Links"><Link to="pathname:///playground/" target="_self">Play</Link> <Link to="/docs/intro">Intro</Link> <Link to="pathname:///api/">API</Link></Layout>;',
        '}',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('links/index.html')!;
    expect(html).toContain('<a href="/playground/" target="_self">Play</a>');
    // Without a target, Docusaurus's Link opens a pathname:// link in a new tab, as any URL with a scheme.
    expect(html).toMatch(/<a href="\/api\/" target="_blank" rel="noopener noreferrer">API<span class="visually-hidden">/);
    expect(html).not.toContain('pathname:');
  });

  it('renders local components (JSX in .js, CSS modules, npm packages, Docusaurus modules), named and namespace imports, SVG and image files', async () => {
    const { result, writer } = await build({
      'src/components/Counter.js': COUNTER,
      'src/components/Counter.module.css': '.box { border: 2px solid rebeccapurple; }\n',
      'docs/imports.mdx': [
        '---',
        'title: Imports',
        '---',
        "import Counter, {START} from '@site/src/components/Counter';",
        "import * as counter from '../src/components/Counter';",
        "import Logo from '@site/static/img/logo.svg';",
        "import dino from '@site/static/img/docusaurus.png';",
        '',
        '# Imports',
        '',
        '<Counter label="Zähler">Inhalt **fett**</Counter>',
        '',
        'Start {START}, again {counter.START}.',
        '',
        '<Logo className="logo" role="img" aria-label="Logo" />',
        '',
        '<img src={dino} alt="Dino" />',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/imports/index.html')!;
    const box =
      /<div class="(\w+) counter--big">Zähler<!-- -->: <!-- -->3<!-- --> <a href="\/docs\/intro\/">Intro<\/a><quire-children>Inhalt <strong>fett<\/strong><\/quire-children><\/div>/.exec(
        html,
      );
    expect(box, html.slice(html.indexOf('<h1'), html.indexOf('<h1') + 600)).not.toBeNull();
    expect(/<style>([\s\S]*?)<\/style>/.exec(html)![1]).toContain(`.${box![1]} {\n  border: 2px solid rebeccapurple;`);
    // It keeps state: drawn in an island the browser hydrates from the page's module, with the props written.
    const island = /<quire-island data-island="project" data-island-src="(\/assets\/project\/p0-\w+\.js)" data-props="([^"]*)"/.exec(html);
    expect(island).not.toBeNull();
    expect(writer.files.has(island![1].slice(1))).toBe(true);
    expect(JSON.parse(island![2].replace(/&quot;/g, '"'))).toMatchObject({
      source: '@site/src/components/Counter',
      name: 'default',
      props: { label: 'Zähler' },
      children: true,
    });
    expect(html).toContain('Start <!-- -->3<!-- -->, again <!-- -->3<!-- -->.');
    expect(html).toMatch(
      /<svg width="200" height="200" viewBox="0 0 200 200" xmlns="http:\/\/www.w3.org\/2000\/svg" class="logo" role="img" aria-label="Logo">/,
    );
    // The image imported is published like a Markdown image: content-hashed, under assets/.
    const src = /<img src="([^"]+)" alt="Dino"\/>/.exec(html)![1];
    expect(src).toMatch(/^\/assets\/docusaurus\.[0-9a-f]{8}\.png$/);
    expect(writer.files.has(src.slice(1))).toBe(true);
  });

  it('reports a module that cannot be found at the import line of the page, and one quire does not provide with those it does', async () => {
    const { result } = await build({
      'docs/missing.mdx': "---\ntitle: Fehlt\n---\n\nimport Karte from './karte';\n\n<Karte />\n",
      'src/components/Head.js':
        "import IdealImage from '@theme/IdealImage';\nexport default function H() { return <IdealImage img='x.png' />; }\n",
      'docs/head.mdx': "---\ntitle: Kopf\n---\nimport H from '@site/src/components/Head';\n\n<H />\n",
    });
    expect(result.ok).toBe(false);
    const q039 = result.diagnostics.filter((d) => d.code === 'Q039');
    expect(q039).toContainEqual(
      expect.objectContaining({
        file: 'docs/missing.mdx',
        line: 5,
        column: 1,
        message: expect.stringContaining('Could not resolve "./karte"'),
      }),
    );
    expect(q039).toContainEqual(
      expect.objectContaining({
        file: 'src/components/Head.js',
        line: 1,
        column: 24,
        message: expect.stringContaining('quire does not provide @theme/IdealImage.'),
        hint: expect.stringContaining('@theme/Layout'),
      }),
    );
  });

  it("finds a server-relative import under the project and a package's exports target without extension, as webpack does (gmail-processor's examples)", async () => {
    const { result, writer } = await build({
      // `exports` names files without their extension, which webpack completes and Node and esbuild do not.
      'node_modules/beispiele/package.json': JSON.stringify({
        name: 'beispiele',
        exports: {
          '.': { types: './build/index.d.ts', default: './build/index' },
          './examples/*': { types: './build/examples/*.d.ts', default: './build/examples/*' },
        },
      }),
      'node_modules/beispiele/build/index.js': "export const name = 'Wurzel';\n",
      'node_modules/beispiele/build/examples/Art.js': "export const Art = { MIGRATION: 'migration' };\n",
      'src/components/Zeige.tsx': [
        "import React from 'react';",
        "import { name } from 'beispiele';",
        "import { Art } from 'beispiele/examples/Art';",
        'export default function Zeige() {',
        '  return <p id="z">{name} {Art.MIGRATION}</p>;',
        '}',
        '',
      ].join('\n'),
      // `/src/…` is looked for under the project (Docusaurus's resolve.roots), not at the disk's root.
      'docs/zeige.mdx': '---\ntitle: Zeige\n---\nimport Zeige from "/src/components/Zeige.tsx"\n\n<Zeige />\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writer.text('docs/zeige/index.html')).toContain('<p id="z">Wurzel<!-- --> <!-- -->migration</p>');

    const { result: missing } = await build({
      'node_modules/beispiele/package.json': JSON.stringify({ name: 'beispiele', exports: { './examples/*': './build/examples/*' } }),
      'docs/fehlt.mdx':
        "---\ntitle: Fehlt\n---\nimport { Art } from 'beispiele/examples/Fehlt';\nimport X from '/src/components/Fehlt.tsx';\n\n<p>{Art}</p>\n",
    });
    const q039 = missing.diagnostics.filter((d) => d.code === 'Q039').map((d) => `${d.line} ${d.message}`);
    expect(q039).toEqual([
      expect.stringMatching(/^4 .*Could not resolve "beispiele\/examples\/Fehlt"/),
      expect.stringMatching(/^5 .*Could not resolve "\/src\/components\/Fehlt.tsx"/),
    ]);
  });

  it('reports a syntax error in a component in that file, at a line of it', async () => {
    const { result } = await build({
      'src/components/Broken.js': 'export default function Broken() {\n  return <div>;\n}\n',
      'docs/broken.mdx': "---\ntitle: Kaputt\n---\nimport Broken from '@site/src/components/Broken';\n\n<Broken />\n",
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q039',
        file: 'src/components/Broken.js',
        line: expect.any(Number),
        column: expect.any(Number),
        message: expect.stringContaining('closing "div" tag'),
      }),
    );
  });

  it('renders an imported .mdx partial with the theme’s markup, its own imports, links and images; _-prefixed folders are no pages', async () => {
    const { result, writer } = await build({
      'docs/_parts/_caution.mdx': [
        '---',
        'note: a partial’s front matter is not read',
        '---',
        "import Logo from '@site/static/img/logo.svg';",
        '',
        ':::caution[Achtung]',
        '',
        'Ein **Teil** mit [Link](../intro.mdx) und <Logo width={20} />.',
        '',
        ':::',
        '',
        '![Dino](../../static/img/docusaurus.png)',
        '',
        ':::hinweis',
        'Kein Kasten.',
        ':::',
        '',
      ].join('\n'),
      'docs/partial.mdx': "---\ntitle: Partial\n---\nimport Caution from './_parts/_caution.mdx';\n\n# Mit Teil\n\n<Caution />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/partial/index.html')!;
    expect(html).toMatch(
      /<aside class="admonition admonition-warning"[^>]*><p class="admonition-title">Achtung<\/p><p>Ein <strong>Teil<\/strong> mit <a href="\/docs\/intro\/">Link<\/a> und <svg width="20"/,
    );
    // The partial's Markdown image is measured like the page's own.
    const src = /<img src="([^"]+)" alt="Dino" loading="lazy" decoding="async" width="200" height="200"\/>/.exec(html)![1];
    expect(writer.files.has(src.slice(1))).toBe(true);
    expect([...writer.files.keys()].filter((f) => f.includes('_parts') || f.includes('caution'))).toEqual([]);
    // A note in the partial is reported at the partial's line.
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ code: 'Q036', file: 'docs/_parts/_caution.mdx', line: 14 }));
  });

  it('reports an import in a partial that cannot be found at its line in the partial', async () => {
    const { result } = await build({
      'docs/_teil.mdx': "Text.\n\nimport Fehlt from './fehlt';\n\n<Fehlt />\n",
      'docs/mit-teil.mdx': "---\ntitle: Mit Teil\n---\nimport Teil from './_teil.mdx';\n\n<Teil />\n",
    });
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q039',
        file: 'docs/_teil.mdx',
        line: 3,
        message: expect.stringContaining('Could not resolve "./fehlt"'),
      }),
    );
  });

  it("writes a page's <head> title, description and tags into the document's head, once", async () => {
    const { result, writer } = await build({
      'docs/kopf.mdx':
        '---\ntitle: Kopf\ndescription: Aus dem Kopf.\n---\n<head>\n  <title>Eigener Titel</title>\n  <meta name="description" content="Kurz gesagt." />\n  <link rel="preconnect" href="https://example.com" />\n</head>\n\n# Kopf\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/kopf/index.html')!;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Eigener Titel</title>']);
    expect(head.match(/<meta name="description"[^>]*>/g)).toEqual(['<meta name="description" content="Kurz gesagt."/>']);
    expect(head).toContain('<link rel="preconnect" href="https://example.com"/>');
    expect(html.slice(html.indexOf('<body'))).not.toMatch(/<head[\s>]/);
  });

  it('resolves links as Docusaurus writes them without trailingSlash: relative to the parent, from the docs root, pathname://', async () => {
    const { result, writer } = await build({
      'docs/api/store.md':
        '---\ntitle: Store\n---\n\n[Nachbar](./helpers) und [hoch](../intro) und [Wurzel](/tutorial-basics/congratulations.mdx) und [PDF](pathname:///files/a.pdf).\n',
      'docs/api/helpers.md': '---\ntitle: Helpers\n---\n\nText.\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/api/store/index.html') ?? '';
    // The pathname:// link opens a new tab, as Docusaurus's Link opens it.
    const hrefs = [
      ...html.matchAll(/<a href="([^"]+)"(?: target="_blank" rel="noopener noreferrer")?>(Nachbar|hoch|Wurzel|PDF)<\/a>/g),
    ].map((m) => `${m[2]} ${m[1]}`);
    expect(html).toContain('<a href="/files/a.pdf" target="_blank" rel="noopener noreferrer">PDF</a>');
    expect(hrefs).toEqual([
      'Nachbar /docs/api/helpers/',
      'hoch /docs/intro/',
      'Wurzel /docs/tutorial-basics/congratulations/',
      'PDF /files/a.pdf',
    ]);
  });

  it("resolves an index doc's relative links from its permalink, which keeps the slash (its folder's slug)", async () => {
    // `docs/api/index.md` is at `/docs/api/` in Docusaurus, so `../intro` is `/docs/intro`; a slug without a
    // slash makes the page's address its own again.
    const { result, writer } = await build({
      'docs/api/index.md': '---\ntitle: API\n---\n\n[hoch](../intro) und [Nachbar](./helpers).\n',
      'docs/api/helpers.md': '---\ntitle: Helpers\n---\n\nText.\n',
      'docs/werkzeug/index.md': '---\ntitle: Werkzeug\nslug: /werkzeug/eigen\n---\n\n[daneben](./helpers).\n',
      'docs/werkzeug/helpers.md': '---\ntitle: Helfer\n---\n\nText.\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const api = writer.text('docs/api/index.html') ?? '';
    expect(api).toContain('<a href="/docs/intro/">hoch</a>');
    expect(api).toContain('<a href="/docs/api/helpers/">Nachbar</a>');
    expect(writer.text('docs/werkzeug/eigen/index.html')).toContain('<a href="/docs/werkzeug/helpers/">daneben</a>');
  });

  it("gives a page's MDX code its front matter as frontMatter, as Docusaurus's MDX loader declares it", async () => {
    const { result, writer } = await build({
      'src/components/Liste.js':
        'export default function Liste({ namen }) {\n  return <ul id="l">{namen.map((n) => <li key={n}>{n}</li>)}</ul>;\n}\n',
      'docs/verwandt.md': [
        '---',
        'title: Verwandt',
        'verwandte:',
        '  - erste',
        '  - zweite',
        'stufe: 3',
        'unbenutzt: ja',
        '---',
        "import Liste from '@site/src/components/Liste';",
        '',
        'Stufe {frontMatter.stufe} von {frontMatter.title}.',
        '',
        '<Liste namen={frontMatter.verwandte} />',
        '',
      ].join('\n'),
      'docs/eigen.mdx': '---\ntitle: Eigen\n---\nexport const frontMatter = { title: "selbst" };\n\nTitel: {frontMatter.title}.\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/verwandt/index.html')!;
    expect(html).toContain('<p>Stufe <!-- -->3<!-- --> von <!-- -->Verwandt<!-- -->.</p>');
    expect(html).toContain('<ul id="l"><li>erste</li><li>zweite</li></ul>');
    expect(writer.text('docs/eigen/index.html')).toContain('<p>Titel: <!-- -->selbst<!-- -->.</p>');
    // A field the page reads is not "ignored": only the other one is named (Q022).
    const unknown = result.diagnostics.filter((d) => d.code === 'Q022' && d.file === 'docs/verwandt.md');
    expect(unknown.map((d) => d.message)).toEqual([expect.stringContaining('"unbenutzt"')]);
  });

  it('leaves out a React page it cannot build with a warning, builds the rest, and hydrates one that reads its address', async () => {
    const { result, writer } = await build({
      'src/pages/kaputt.js':
        "import IdealImage from '@theme/IdealImage';\nexport default function Kaputt() {\n  return <IdealImage img='x.png' />;\n}\n",
      'src/pages/ort.js':
        "import Layout from '@theme/Layout';\nimport { useLocation } from '@docusaurus/router';\nexport default function Ort() {\n  const { pathname, search } = useLocation();\n  return <Layout title=\"Ort\"><main><p>Hier: {pathname}{search}</p></main></Layout>;\n}\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q039',
        severity: 'warning',
        file: 'src/pages/kaputt.js',
        line: 1,
        message: expect.stringContaining('The React page src/pages/kaputt.js is left out of the site.'),
      }),
    );
    expect(writer.files.has('kaputt/index.html')).toBe(false);
    const ort = writer.text('ort/index.html') ?? '';
    expect(ort).toContain('<p>Hier: <!-- -->/ort/</p>');
    expect(ort).toMatch(/<quire-island data-island="project" data-island-src="\/assets\/project\/p\d+-\w+\.js"/);
  });

  it('gives useBaseUrl of an empty address or an anchor back as written, so a page can test it, as Docusaurus', async () => {
    const { result, writer } = await build({
      'src/pages/bilder.js': [
        "import Layout from '@theme/Layout';",
        "import useBaseUrl from '@docusaurus/useBaseUrl';",
        'function Bild({ src }) {',
        '  const url = useBaseUrl(src);',
        '  return url ? <img src={url} alt="" /> : <span>ohne</span>;',
        '}',
        'export default function Bilder() {',
        '  return <Layout title="Bilder"><main><Bild src="" /><Bild src="img/a.png" /><p>{useBaseUrl("#oben")}</p></main></Layout>;',
        '}',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writer.text('bilder/index.html')).toContain('<main><span>ohne</span><img src="/img/a.png" alt=""/><p>#oben</p></main>');
  });

  it("gives the content's wrapper a React page's Layout wrapperClassName, and leaves the footer out for noFooter", async () => {
    // Yoga's playground page: `<Layout wrapperClassName={clsx('container', styles.bg)}>` centres the playground.
    const { result, writer } = await build({
      'src/pages/spiel.js':
        'import Layout from \'@theme/Layout\';\nexport default function Spiel() {\n  return <Layout title="Spiel" wrapperClassName="container spiel" noFooter><p>Feld</p></Layout>;\n}\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('spiel/index.html') ?? '';
    expect(html).toContain('<div class="main-wrapper main-wrapper--wide container spiel" id="main-wrapper">');
    expect(html).toContain('<p>Feld</p>');
    expect(html).not.toContain('<footer');
    expect(html).toContain('<title>Spiel | My Site</title>');
    expect(writer.text('index.html')).toMatch(/<div class="main-wrapper main-wrapper--wide" id="main-wrapper">[\s\S]*<footer/);
  });

  it("says of a link to a React page it left out that the page is left out, not that nothing is there (gmail-processor's playground)", async () => {
    const { result } = await build({
      'src/pages/kaputt.js':
        "import IdealImage from '@theme/IdealImage';\nexport default function Kaputt() {\n  return <IdealImage img='x.png' />;\n}\n",
      'docs/verweis.md': '---\ntitle: Verweis\n---\n\nZum [Spielplatz](/kaputt?beispiel=1).\n',
    });
    const q060 = result.diagnostics.filter((d) => d.code === 'Q060');
    expect(q060).toEqual([
      expect.objectContaining({
        file: 'docs/verweis.md',
        line: 5,
        message:
          'Broken link to /kaputt?beispiel=1: the React page src/pages/kaputt.js is left out of the site, as quire cannot build its code (Q039).',
        hint: expect.stringContaining("The page's Q039 warnings name the imports quire does not provide"),
      }),
    ]);
  });

  it("writes no id on an h1 and reports a link to its slug as a broken anchor, as Docusaurus's Heading has none", async () => {
    const { result, writer } = await build({
      'docs/kopf.md': '# Kopfzeile\n\nText.\n\n## Unterteil\n',
      'docs/verweis.md': '---\ntitle: Verweis\n---\n\nZur [Kopfzeile](./kopf.md#kopfzeile) und zum [Teil](./kopf.md#unterteil).\n',
    });
    const html = writer.text('docs/kopf/index.html') ?? '';
    expect(html).toMatch(/<h1[^>]*>Kopfzeile<\/h1>/);
    expect(html).not.toMatch(/<h1[^>]*id=/);
    expect(html).toContain('id="unterteil"');
    expect(result.diagnostics.filter((d) => d.code === 'Q061').map((d) => [d.file, d.line])).toEqual([['docs/verweis.md', 5]]);
  });

  it("gives useBrokenLinks and the copy and success icons, as Babel's setup and REPL pages import them", async () => {
    const { result, writer } = await build({
      'src/pages/werkzeug.js': [
        "import Layout from '@theme/Layout';",
        "import useBrokenLinks from '@docusaurus/useBrokenLinks';",
        "import IconCopy from '@theme/Icon/Copy';",
        "import IconSuccess from '@theme/Icon/Success';",
        "import Link from '@docusaurus/Link';",
        'export default function Werkzeug() {',
        "  useBrokenLinks().collectAnchor('webpack');",
        "  useBrokenLinks().collectLink('/docs/intro');",
        '  return <Layout title="Werkzeug"><main><h2><Link id="webpack" />Webpack</h2><p>Kopieren <IconCopy className="kopie" width={12} /> <IconSuccess /></p></main></Layout>;',
        '}',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.code === 'Q039' || d.severity === 'error')).toEqual([]);
    const html = writer.text('werkzeug/index.html') ?? '';
    expect(html).toMatch(/Kopieren <svg viewBox="0 0 24 24" aria-hidden="true" class="kopie" width="12"><path[^>]*stroke="currentColor"/);
    expect(html.match(/<svg viewBox="0 0 24 24" aria-hidden="true"/g)?.length).toBeGreaterThanOrEqual(2);
    // A Link with neither to nor href is an anchor without an address, as Docusaurus writes it.
    expect(html).toContain('<h2><a id="webpack"></a>Webpack</h2>');
  });

  it("gives @theme/Icon/ExternalLink, 13.5 pixels square unless sized, named as Docusaurus's theme names it", async () => {
    const { result, writer } = await build({
      'src/pages/laden.js': [
        "import Layout from '@theme/Layout';",
        "import ExternalLinkIcon from '@theme/Icon/ExternalLink';",
        'export default function Laden() {',
        '  return <Layout title="Laden"><main><a href="https://example.org">Laden<ExternalLinkIcon /></a> <ExternalLinkIcon width={10} height={10} /></main></Layout>;',
        '}',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.code === 'Q039' || d.severity === 'error')).toEqual([]);
    const html = writer.text('laden/index.html') ?? '';
    const icons = [...html.matchAll(/<svg width="([\d.]+)" height="([\d.]+)"[^>]*aria-label="\(opens in new tab\)"/g)].map(
      (m) => m[1] + 'x' + m[2],
    );
    expect(icons).toEqual(['13.5x13.5', '10x10']);
  });

  it("keeps the import of @docusaurus/Link where the page's code uses it too, inside an expression", async () => {
    const { result, writer } = await build({
      'docs/spenden.mdx': [
        "import Link from '@docusaurus/Link';",
        '',
        'export const wege = [{ name: "Bank", url: "https://bank.example.org" }, { name: "Post", url: "/docs/intro" }];',
        '',
        '<Link to="/docs/intro">Direkt</Link>',
        '',
        '<ul>{wege.map((weg) => <li key={weg.name}><Link to={weg.url}>{weg.name}</Link></li>)}</ul>',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/spenden/index.html') ?? '';
    expect(html).toMatch(/<a href="\/docs\/intro\/?">Direkt<\/a>/);
    expect(html).toMatch(/<li><a href="https:\/\/bank\.example\.org"[^>]*>Bank/);
    expect(html).toMatch(/<li><a href="\/docs\/intro\/?"[^>]*>Post<\/a><\/li>/);
  });

  it("publishes a font a package's CSS names from a workspace's node_modules above the project, as Babel's REPL", async () => {
    const site = await makeSite('docusaurus-classic', {
      'src/pages/schrift.js':
        'import Layout from \'@theme/Layout\';\nimport \'schrift-paket/schrift.css\';\nexport default function S() {\n  return <Layout title="S"><p className="schrift">Text</p></Layout>;\n}\n',
      'docs/schrift.md': '# Schrift\n\nSee [the tools](/schrift#webpack), a section the React page draws.\n',
    });
    const workspace = await mkdtemp(path.join(tmpdir(), 'quire-workspace-'));
    cleanups.push(site.cleanup, () => rm(workspace, { recursive: true, force: true }));
    await cp(site.root, path.join(workspace, 'website'), { recursive: true, verbatimSymlinks: true });
    const pkg = path.join(workspace, 'node_modules/schrift-paket');
    await mkdir(pkg, { recursive: true });
    await writeFile(path.join(pkg, 'package.json'), '{"name":"schrift-paket","version":"1.0.0"}');
    await writeFile(path.join(pkg, 'schrift.css'), '@font-face{font-family:Schrift;src:url(./schrift.ttf) format("truetype")}\n');
    await writeFile(path.join(pkg, 'schrift.ttf'), 'not really a font');
    const { result, writer } = await buildInMemory(path.join(workspace, 'website'));
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const font = [...writer.files.keys()].find((f) => /^assets\/schrift\.\w{8}\.ttf$/.test(f));
    expect(font).toBeDefined();
    // The page's stylesheet names the published font; the link into a section the React page draws is not checked.
    expect(writer.text('schrift/index.html')).toContain(`src: url(/${font}) format("truetype")`);
    expect(result.diagnostics.filter((d) => d.code === 'Q061')).toEqual([]);
  });

  it("writes what @docusaurus/Head holds into the document's head, and names what has no place there", async () => {
    const seo = [
      "import React from 'react';",
      "import Head from '@docusaurus/Head';",
      'export default function Seo() {',
      '  return (',
      '    <Head>',
      '      <title>Ganz eigener Titel</title>',
      '      <meta name="description" content="Kopf aus dem Code" />',
      '      <meta property="og:type" content="article" />',
      '      <link rel="preconnect" href="https://cdn.example.org" crossOrigin="anonymous" />',
      '      <script type="application/ld+json">{JSON.stringify({ "@type": "Thing", name: "</script><b>" })}</script>',
      '    </Head>',
      '  );',
      '}',
      '',
    ].join('\n');
    const { result, writer } = await build({
      'src/components/Seo.js': seo,
      'docs/seo.mdx': "---\ntitle: Seo\n---\nimport Seo from '@site/src/components/Seo';\n\n<Seo />\n\nText.\n",
      'src/pages/seite.js':
        "import React from 'react';\nimport Layout from '@theme/Layout';\nimport Seo from '@site/src/components/Seo';\nexport default function Seite() {\n  return <Layout title=\"Seite\"><Seo /><main>Inhalt</main></Layout>;\n}\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const file of ['docs/seo/index.html', 'seite/index.html']) {
      const html = writer.text(file) ?? '';
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Ganz eigener Titel</title>']);
      expect(head).toContain('<meta name="description" content="Kopf aus dem Code"/>');
      expect(head.match(/name="description"/g)).toHaveLength(1);
      expect(head).toContain('<meta property="og:type" content="article"/>');
      expect(head).toContain('<link rel="preconnect" href="https://cdn.example.org" crossorigin="anonymous"/>');
      // The JSON cannot close its script element.
      expect(head).toContain('<script type="application/ld+json">{"@type":"Thing","name":"\\u003c/script>\\u003cb>"}</script>');
      // Nothing of the Head is left in the body.
      expect(html.slice(html.indexOf('<body'))).not.toContain('Ganz eigener Titel');
    }

    const { result: failed } = await build({
      'src/components/Styled.js':
        "import React from 'react';\nimport Head from '@docusaurus/Head';\nexport default function Styled() {\n  return <Head><style>{'body{color:red}'}</style></Head>;\n}\n",
      'docs/styled.mdx': "---\ntitle: Styled\n---\nimport Styled from '@site/src/components/Styled';\n\n<Styled />\n",
    });
    expect(failed.ok).toBe(false);
    expect(failed.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q080',
        file: 'docs/styled.mdx',
        message: expect.stringContaining("@docusaurus/Head: <style> has no place in quire's head"),
      }),
    );
  });

  it("hydrates a class component that draws itself once mounted (react-github-btn on metro's home page), and not a static one", async () => {
    const { result, writer } = await build({
      // As react-github-btn: the server draws the link; componentDidMount replaces it with GitHub's button.
      'src/components/StarButton.js': [
        "import React, {PureComponent} from 'react';",
        'export default class StarButton extends PureComponent {',
        '  componentDidMount() { this.ref.textContent = "drawn in the browser"; }',
        '  render() { return <span ref={(r) => { this.ref = r; }}><a href={this.props.href}>Star</a></span>; }',
        '}',
        '',
      ].join('\n'),
      'src/components/Plain.js': [
        "import React, {Component} from 'react';",
        'export default class Plain extends Component {',
        '  render() { return <p>Plain: {this.props.text}</p>; }',
        '}',
        '',
      ].join('\n'),
      'docs/star.mdx':
        '---\ntitle: Star\n---\nimport StarButton from \'@site/src/components/StarButton\';\n\n<StarButton href="https://github.com/facebook/metro" />\n',
      'docs/plain.mdx': '---\ntitle: Plain\n---\nimport Plain from \'@site/src/components/Plain\';\n\n<Plain text="static" />\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const star = writer.text('docs/star/index.html') ?? '';
    expect(star).toContain('<a href="https://github.com/facebook/metro">Star</a>');
    expect(star).toMatch(/<quire-island data-island="project" data-island-src="\/assets\/project\/p\d+-\w+\.js"/);
    const plain = writer.text('docs/plain/index.html') ?? '';
    expect(plain).toContain('<p>Plain: <!-- -->static</p>');
    expect(plain).not.toContain('<quire-island');
  });

  it("draws BrowserOnly's fallback into the page and hydrates it, so its function runs in the browser", async () => {
    const { result, writer } = await build({
      'src/components/Breite.js': [
        "import React from 'react';",
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        'export default function Breite() {',
        '  return <BrowserOnly fallback={<p>Wird geladen</p>}>{() => <p>Breite: {window.innerWidth}</p>}</BrowserOnly>;',
        '}',
        '',
      ].join('\n'),
      'docs/breite.mdx': "---\ntitle: Breite\n---\nimport Breite from '@site/src/components/Breite';\n\n<Breite />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/breite/index.html') ?? '';
    expect(html).toContain('<p>Wird geladen</p>');
    expect(html).not.toContain('Breite: ');
    expect(html).toMatch(/<quire-island data-island="project" data-island-src="\/assets\/project\/p\d+-\w+\.js"/);
  });

  it("gives @docusaurus/ErrorBoundary: its children in the page, the fallback once an error is caught (gmail-processor's playground)", async () => {
    const { result, writer } = await build({
      'src/pages/spielplatz.js': [
        "import React from 'react';",
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        "import ErrorBoundary from '@docusaurus/ErrorBoundary';",
        "import Layout from '@theme/Layout';",
        'export default function Spielplatz() {',
        '  return (',
        '    <Layout title="Spielplatz">',
        '      <ErrorBoundary fallback={({ error, tryAgain }) => <p onClick={tryAgain}>Fehler: {error.message}</p>}>',
        '        <BrowserOnly fallback={<p id="laden">Wird geladen</p>}>{() => <p>Im Browser</p>}</BrowserOnly>',
        '      </ErrorBoundary>',
        '    </Layout>',
        '  );',
        '}',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.code === 'Q039')).toEqual([]);
    expect(writer.text('spielplatz/index.html')).toContain('<p id="laden">Wird geladen</p>');

    // In the browser: what a caught error shows, and tryAgain drawing the children anew.
    const { docusaurusModules } = await import('../../themes/classic/docusaurus.tsx');
    type Boundary = {
      state: { error: Error | null };
      props: Record<string, unknown>;
      setState: (s: { error: Error | null }) => void;
      render: () => unknown;
    };
    const Boundary = docusaurusModules['@docusaurus/ErrorBoundary'].default as {
      new (props: Record<string, unknown>): Boundary;
      getDerivedStateFromError: (e: unknown) => { error: Error };
    };
    let again: (() => void) | undefined;
    const boundary = new Boundary({
      children: 'Inhalt',
      fallback: ({ error, tryAgain }: { error: Error; tryAgain: () => void }) => {
        again = tryAgain;
        return `Fehler: ${error.message}`;
      },
    });
    boundary.setState = (next) => {
      boundary.state = next;
    };
    expect(boundary.render()).toBe('Inhalt');
    boundary.state = Boundary.getDerivedStateFromError(new Error('kaputt'));
    expect(boundary.render()).toBe('Fehler: kaputt');
    again?.();
    expect(boundary.render()).toBe('Inhalt');
  });

  it("takes a package's default entry at build time, static files named from the root in CSS, and @theme/Admonition", async () => {
    const { result, writer } = await build({
      // A package whose browser entry needs the DOM as it loads and whose Node entry imports Node's modules.
      'node_modules/dual-entry/package.json': JSON.stringify({
        name: 'dual-entry',
        exports: { '.': { browser: './browser.js', node: './node.js', default: './default.js' } },
      }),
      'node_modules/dual-entry/browser.js': 'export const where = document.title;\n',
      'node_modules/dual-entry/node.js': "import path from 'node:path';\nexport const where = path.sep;\n",
      'node_modules/dual-entry/default.js': "export const where = 'überall';\n",
      'static/img/band.png': 'png',
      'src/components/Box.js': [
        "import React from 'react';",
        "import Admonition from '@theme/Admonition';",
        "import { where } from 'dual-entry';",
        "import './box.css';",
        'export default function Box() {',
        '  return <Admonition type="success">Läuft {where}.</Admonition>;',
        '}',
        '',
      ].join('\n'),
      'src/components/box.css': '.admonition { background: url(/img/band.png) no-repeat; }\n',
      'docs/box.mdx': "---\ntitle: Box\n---\nimport Box from '@site/src/components/Box';\n\n<Box />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/box/index.html') ?? '';
    // `success` is an alias of tip: its look and its default title.
    expect(html).toContain(
      '<aside class="admonition admonition-tip" role="note" data-admonition="tip"><p class="admonition-title">Tip</p>Läuft <!-- -->überall<!-- -->.</aside>',
    );
    expect(html).toContain('url(/img/band.png)');

    const { result: missing } = await build({
      'src/components/Box.js': "import React from 'react';\nimport './box.css';\nexport default function Box() { return <p>x</p>; }\n",
      'src/components/box.css': '.x { background: url(/img/fehlt.png); }\n',
      'docs/box.mdx': "---\ntitle: Box\n---\nimport Box from '@site/src/components/Box';\n\n<Box />\n",
    });
    expect(missing.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'Q039', file: 'src/components/box.css', message: expect.stringContaining('/img/fehlt.png') }),
    );
  });

  it("loads a package whose build-time entry imports Node's modules (the ai SDK's @vercel/oidc); a page without Layout, bare, unlisted", async () => {
    const { result, writer } = await build({
      // As @vercel/oidc: its default entry requires fs, os and path as it loads and uses them only when called.
      'node_modules/node-helper/package.json': JSON.stringify({ name: 'node-helper', main: 'index.js' }),
      'node_modules/node-helper/index.js': [
        "const fs = require('fs');",
        "const path = require('node:path');",
        "const os = require('os');",
        'exports.tokenPath = () => path.join(os.homedir(), fs.readFileSync("x", "utf8"));',
        "exports.greeting = 'Hallo';",
        '',
      ].join('\n'),
      'src/components/Gruss.js': [
        "import React from 'react';",
        "import { greeting } from 'node-helper';",
        'export default function Gruss() { return <p>{greeting} Welt</p>; }',
        '',
      ].join('\n'),
      'docs/gruss.mdx': "---\ntitle: Gruss\n---\nimport Gruss from '@site/src/components/Gruss';\n\n<Gruss />\n",
      // A page drawn without the site's frame (DocSearch's demo-embed): its document's own classes and language.
      'src/pages/nackt.js': [
        "import React from 'react';",
        "import Head from '@docusaurus/Head';",
        'export default function Nackt() {',
        '  return (',
        '    <>',
        '      <Head>',
        '        <html lang="en-GB" className="nackt-html" />',
        '        <body className="nackt-body" />',
        '        <title>Nackt</title>',
        '        <meta name="ROBOTS" content="NoIndex, nofollow" />',
        '      </Head>',
        '      <main>Inhalt</main>',
        '    </>',
        '  );',
        '}',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writer.text('docs/gruss/index.html')).toContain('<p>Hallo<!-- --> Welt</p>');
    const nackt = writer.text('nackt/index.html') ?? '';
    expect(nackt).toMatch(/<html lang="en-GB" [^>]*class="nackt-html"/);
    expect(nackt).toMatch(/<body class="nackt-body">/);
    expect(nackt).toContain('<title>Nackt</title>');
    // <Head>'s title is the window's only; the social title is the layout's, here (no Layout) the site's.
    expect(nackt).toContain('<meta property="og:title" content="My Site"/>');
    // Without @theme/Layout the page is the whole body, as in Docusaurus: no navbar, no footer.
    const body = nackt.slice(nackt.indexOf('<body'));
    expect(body).toMatch(/^<body class="nackt-body"><div id="main" class="page page--react page--bare"[^>]*><main>Inhalt<\/main><\/div>/);
    // What the page's scripts need stays: the client's settings (its islands), the error templates.
    expect(body).toContain('id="quire-config"');
    expect(body).not.toContain('<nav');
    expect(body).not.toContain('<footer');
    // Its head asks robots not to index it: left out of the sitemap, as Docusaurus's sitemap leaves it.
    const sitemap = writer.text('sitemap.xml') ?? '';
    expect(sitemap).toContain('/docs/gruss</loc>');
    expect(sitemap).not.toContain('/nackt');
  });

  it("writes the config's stylesheets and scripts into every page's head, after the theme's stylesheet", async () => {
    const template = await readFile(path.join(fixture('docusaurus-classic'), 'docusaurus.config.js'), 'utf8');
    const { result, writer } = await build({
      'docusaurus.config.js': template.replace(
        'export default config;',
        "config.stylesheets = [{ href: 'https://cdn.example.org/katex.css', crossorigin: 'anonymous' }];\nconfig.scripts = [{ src: '/js/zaehler.js', async: true }];\nexport default config;",
      ),
    });
    expect(result.ok).toBe(true);
    for (const file of ['index.html', 'docs/intro/index.html', 'blog/index.html']) {
      const head = (writer.text(file) ?? '').split('</head>')[0];
      expect(head).toMatch(
        /<link rel="stylesheet" href="\/assets\/styles\.\w+\.css"\/><link rel="stylesheet" href="https:\/\/cdn\.example\.org\/katex\.css" crossorigin="anonymous"\/>/,
      );
      // React places an async script early in the head, where the browser finds it first.
      expect(head).toContain('<script src="/js/zaehler.js" async=""></script>');
    }
  });

  it('shows @docusaurus/Translate messages and translate() as written, with their values', async () => {
    const { result, writer } = await build({
      'src/pages/hilfe.js': [
        "import React from 'react';",
        "import Layout from '@theme/Layout';",
        "import Translate, { translate } from '@docusaurus/Translate';",
        'export default function Hilfe() {',
        "  const title = translate({ id: 'hilfe.titel', message: 'Hilfe für {name}' }, { name: 'alle' });",
        '  return (',
        '    <Layout title={title}>',
        '      <main>',
        '        <h1>{title}</h1>',
        '        <p><Translate id="hilfe.text" values={{ link: <a href="/docs/intro">die Anleitung</a> }}>{"Lies {link} zuerst."}</Translate></p>',
        '        <p><Translate>Einfach so</Translate></p>',
        '      </main>',
        '    </Layout>',
        '  );',
        '}',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('hilfe/index.html') ?? '';
    expect(html).toContain('<h1>Hilfe für alle</h1>');
    expect(html).toContain('<p>Lies <a href="/docs/intro">die Anleitung</a> zuerst.</p>');
    expect(html).toContain('<p>Einfach so</p>');
    expect(html).toContain('<title>Hilfe für alle | My Site</title>');
  });

  it("gives a React page the site's config as its config prop, as Docusaurus's pages plugin does", async () => {
    const template = await readFile(path.join(fixture('docusaurus-classic'), 'docusaurus.config.js'), 'utf8');
    const { result, writer } = await build({
      // Jest's delimiter, which its home page shows.
      'docusaurus.config.js': template.replace("title: 'My Site',", "title: 'My Site',\n  titleDelimiter: '·',"),
      // Written as Jest's home page reads it (a class component given the page's props).
      'src/pages/klasse.js': [
        "import React from 'react';",
        "import Layout from '@theme/Layout';",
        'class Index extends React.Component {',
        '  render() {',
        '    const {config: siteConfig} = this.props;',
        '    return <main><h1>{siteConfig.title} {siteConfig.titleDelimiter} {siteConfig.tagline}</h1></main>;',
        '  }',
        '}',
        'export default function Page(props) {',
        '  return <Layout title="Klasse"><Index {...props} /></Layout>;',
        '}',
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(writer.text('klasse/index.html')).toContain('<h1>My Site<!-- --> <!-- -->·<!-- --> <!-- -->Dinosaurs are cool</h1>');
    expect(writer.text('klasse/index.html')).toContain('<title>Klasse · My Site</title>');
  });

  it('draws @theme/ThemedImage as both images, the stylesheet showing one, and @docusaurus/Interpolate with its values', async () => {
    const { result, writer } = await build({
      'docs/bilder.mdx': [
        "import ThemedImage from '@theme/ThemedImage';",
        "import Interpolate, { interpolate } from '@docusaurus/Interpolate';",
        '',
        '# Bilder',
        '',
        '<ThemedImage alt="Logo" className="logo" sources={{ light: \'/img/logo.svg\', dark: \'/img/docusaurus.png\' }} />',
        '',
        '<Interpolate values={{ name: <b>alle</b> }}>{"Hallo {name}!"}</Interpolate>',
        '',
        "{interpolate('{n} Seiten', { n: 3 })}",
        '',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/bilder/index.html') ?? '';
    expect(html).toContain('<img src="/img/logo.svg" alt="Logo" class="logo themed-image themed-image--light"/>');
    expect(html).toContain('<img src="/img/docusaurus.png" alt="Logo" class="logo themed-image themed-image--dark"/>');
    // The site's stylesheet (Infima's stand-ins are in it, under the project's CSS) hides the other mode's image.
    const css = [...writer.files.keys()].find((f) => /^assets\/styles\.[\w-]+\.css$/.test(f));
    expect(writer.text(css ?? '')).toMatch(/html\[data-theme="?dark"?\] \.themed-image--light/);
    expect(html).toContain('Hallo <b>alle</b>!');
    expect(html).toContain('3 Seiten');
  });

  it('says where to move code that reads the browser while the page is built', async () => {
    const { result } = await build({
      'src/pages/breite.js':
        "import React from 'react';\nimport Layout from '@theme/Layout';\nexport default function Breite() {\n  return <Layout><p>{window.innerWidth}</p></Layout>;\n}\n",
    });
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q080',
        file: 'src/pages/breite.js',
        message: 'Rendering /breite/ failed: window is not defined',
        hint: 'Pages are drawn when the site is built, where there is no window: use it in an effect (useEffect) or inside <BrowserOnly>.',
      }),
    );
  });

  it("bundles require('…').default in a page's expressions as Docusaurus's docs write images, SVGs and data", async () => {
    const { result, writer } = await build({
      'docs/require.mdx':
        "---\ntitle: Require\n---\n\n<img src={require('@site/static/img/docusaurus.png').default} alt=\"Dino\" />\n\nZahl: {require('./zahlen.json').eins}.\n",
      'docs/zahlen.json': '{ "eins": 1 }\n',
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/require/index.html') ?? '';
    const src = /<img src="([^"]+)" alt="Dino"\/>/.exec(html)?.[1] ?? '';
    expect(src).toMatch(/^\/assets\/docusaurus\.[0-9a-f]{8}\.png$/);
    expect(writer.files.has(src.slice(1))).toBe(true);
    expect(html).toContain('Zahl: <!-- -->1<!-- -->.');
  });

  it("draws <TOCInline toc={toc} /> from the page's headings, as Docusaurus defines toc in every page", async () => {
    const { result, writer } = await build({
      'docs/inhalt.mdx':
        "---\ntitle: Inhalt\n---\nimport TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={toc} />\n\n## Eins\n\n### Eins a\n\n#### Zu tief\n\n## Zwei {#zwei-id}\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/inhalt/index.html') ?? '';
    expect(html).toContain(
      '<div class="toc-inline"><ul><li><a href="#eins">Eins</a><ul><li><a href="#eins-a">Eins a</a></li></ul></li><li><a href="#zwei-id">Zwei</a></li></ul></div>',
    );
  });

  it("draws a category's cards with @theme/DocCardList, and gives components useCurrentSidebarCategory() as Docusaurus's docs plugin does", async () => {
    const { result, writer } = await build({
      'docs/guides/index.mdx': [
        '---',
        'title: Guides',
        '---',
        "import DocCardList from '@theme/DocCardList';",
        "import Count from '@site/src/components/Count';",
        '',
        '<Count />',
        '',
        '<DocCardList />',
        '',
      ].join('\n'),
      'docs/guides/one.md': '---\ntitle: One\ndescription: The first <guide>\n---\n\nText.\n',
      'docs/guides/two.md': '# Two\n\nThe second guide, from its first paragraph.\n',
      'docs/guides/deeper/three.md': '# Three\n\nDeep.\n',
      'src/components/Count.js': [
        "import {useCurrentSidebarCategory, filterDocCardListItems} from '@docusaurus/plugin-content-docs/client';",
        "import DocCard from '@theme/DocCard';",
        'export default function Count() {',
        '  const category = useCurrentSidebarCategory();',
        '  const items = filterDocCardListItems(category.items);',
        '  return <p className="count">{category.label}: {items.map((i) => i.type + " " + i.label + " " + (i.href ?? "-")).join(", ")}<DocCard item={items[0]} /></p>;',
        '}',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/guides/index.html') ?? '';
    const text = (s: string) => s.replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<!-- -->/g, '');
    expect(text(html)).toContain(
      '<p class="count">Guides: category deeper -, link One /docs/guides/one/, link Two /docs/guides/two/<a class="card doc-card" href="/docs/guides/deeper/three/">',
    );
    const list = text(/<ul class="card-list">[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '');
    expect(list).toBe(
      [
        '<ul class="card-list">',
        '<li class="card-list__item"><a class="card doc-card" href="/docs/guides/deeper/three/"><span class="card__title doc-card__title">deeper</span><span class="card__description doc-card__description">1 item</span></a></li>',
        '<li class="card-list__item"><a class="card doc-card" href="/docs/guides/one/"><span class="card__title doc-card__title">One</span><span class="card__description doc-card__description">The first &lt;guide&gt;</span></a></li>',
        '<li class="card-list__item"><a class="card doc-card" href="/docs/guides/two/"><span class="card__title doc-card__title">Two</span><span class="card__description doc-card__description">The second guide, from its first paragraph.</span></a></li>',
        '</ul>',
      ].join(''),
    );
  });

  it('fails a page that asks for the current sidebar category where there is none, naming the page', async () => {
    const { result } = await build({
      'docs/lonely.mdx': "---\ntitle: Lonely\n---\nimport DocCardList from '@theme/DocCardList';\n\n<DocCardList />\n",
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        file: 'docs/lonely.mdx',
        message: expect.stringContaining(
          'useCurrentSidebarCategory() was called on /docs/lonely/, which is not the page of a sidebar category',
        ),
      }),
    );
  });

  it("gives @docusaurus/theme-common's colour mode, window size and plural forms, hydrating the component that reads them", async () => {
    const { result, writer } = await build({
      'src/components/Mode.js': [
        "import {useColorMode, usePluralForm, useWindowSize} from '@docusaurus/theme-common';",
        'export default function Mode({count}) {',
        '  const {colorMode, isDarkTheme} = useColorMode();',
        '  const {selectMessage} = usePluralForm();',
        '  return <p className="mode">{colorMode} {String(isDarkTheme)} {useWindowSize()} {selectMessage(count, "one item|{count} items").replace("{count}", count)}</p>;',
        '}',
      ].join('\n'),
      'docs/mode.mdx': "---\ntitle: Mode\n---\nimport Mode from '@site/src/components/Mode';\n\n<Mode count={1} />\n\n<Mode count={3} />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = (writer.text('docs/mode/index.html') ?? '').replace(/<!-- -->/g, '');
    expect(html).toContain('<p class="mode">light false ssr one item</p>');
    expect(html).toContain('<p class="mode">light false ssr 3 items</p>');
    expect(html).toMatch(/<quire-island data-island="project"/);
  });

  it("gives @docusaurus/theme-common's query-string hooks, empty while building, hydrating the component that reads them", async () => {
    // Lexical's gallery filters its examples by `?title=` and `?tags=`: built with all of them shown, as Docusaurus
    // builds it (its server snapshot has no query string).
    const { result, writer } = await build({
      'src/components/Filter.js': [
        "import {useQueryString, useQueryStringList} from '@docusaurus/theme-common';",
        "const ALL = ['rot', 'grün', 'blau'];",
        'export default function Filter() {',
        "  const [title, setTitle] = useQueryString('title');",
        "  const [tags, setTags] = useQueryStringList('tags');",
        '  const shown = ALL.filter((c) => (!title || c.includes(title)) && (tags.length === 0 || tags.includes(c)));',
        '  return <ul className="filter" data-title={title} data-tags={tags.length}>{shown.map((c) => <li key={c}>{c}</li>)}</ul>;',
        '}',
      ].join('\n'),
      'docs/filter.mdx': "---\ntitle: Filter\n---\nimport Filter from '@site/src/components/Filter';\n\n<Filter />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/filter/index.html') ?? '';
    expect(html).toContain('<ul class="filter" data-title="" data-tags="0"><li>rot</li><li>grün</li><li>blau</li></ul>');
    expect(html).toMatch(/<quire-island data-island="project"/);
  });

  it("gives a hydrated component's CSS module the class names of the page's CSS, also for what the browser draws", async () => {
    // Lexical's gallery draws its cards in <BrowserOnly>: the browser build's own, minified names matched no rule.
    const { result, writer } = await build({
      'src/components/Cards.module.css': '.card { border: 2px solid rebeccapurple; }\n.card-title { font-weight: 700; }\n',
      'src/components/Cards.js': [
        "import {useState} from 'react';",
        "import styles, {card} from './Cards.module.css';",
        'export default function Cards() {',
        '  const [n, setN] = useState(1);',
        "  return <div className={card} onClick={() => setN(n + 1)}><b className={styles['card-title']}>{n}</b></div>;",
        '}',
      ].join('\n'),
      'docs/cards.mdx': "---\ntitle: Cards\n---\nimport Cards from '@site/src/components/Cards';\n\n<Cards />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/cards/index.html') ?? '';
    const [, card, title] = /<div class="([^"]+)"><b class="([^"]+)">1<\/b><\/div>/.exec(html) ?? [];
    expect(card).toMatch(/card/);
    expect(html).toContain(`.${card} {`);
    const island = islandCode(writer, html);
    expect(island).toContain(JSON.stringify(card));
    expect(island).toContain(JSON.stringify(title));
  });

  it("gives a CSS module one class name on every page importing it, the one the browser's shared module draws with", async () => {
    // Yoga's playground is on 22 pages: esbuild named its classes anew for each page (`Playground_wrapper2`, …3, …),
    // and the editor the browser draws once hydrated had one page's names, unstyled on all the others.
    const page = (title: string) => `---\ntitle: ${title}\n---\nimport Editor from '@site/src/components/Editor';\n\n<Editor />\n`;
    const { result, writer } = await build({
      'src/components/Editor.module.css': '.frame { border: 1px solid teal; }\n.editor { font-family: monospace; }\n',
      'src/components/Editor.js': [
        "import {useEffect, useState} from 'react';",
        "import styles from './Editor.module.css';",
        'export default function Editor() {',
        '  const [live, setLive] = useState(false);',
        '  useEffect(() => setLive(true), []);',
        '  return <div className={styles.frame}>{live ? <textarea className={styles.editor} /> : <pre className={styles.editor} />}</div>;',
        '}',
      ].join('\n'),
      'docs/eins.mdx': page('Eins'),
      'docs/zwei.mdx': page('Zwei'),
      'docs/drei.mdx': page('Drei'),
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const classes = ['eins', 'zwei', 'drei'].map((name) => {
      const html = writer.text(`docs/${name}/index.html`) ?? '';
      const [, frame, editor] = /<div class="([^"]+)"><pre class="([^"]+)"><\/pre><\/div>/.exec(html) ?? [];
      expect(html).toContain(`.${frame} {`);
      expect(html).toContain(`.${editor} {`);
      expect(islandCode(writer, html)).toContain(JSON.stringify(editor));
      return [frame, editor];
    });
    expect(classes[1]).toEqual(classes[0]);
    expect(classes[2]).toEqual(classes[0]);
  });

  it("compiles a Sass CSS module (x.module.scss) the project's code imports with its sass package, as docusaurus-plugin-sass", async () => {
    // Sequelize's home page and support tables import `./x.module.scss`: quire had no loader for it, and left the
    // home page out. A stand-in for the project's `sass` (quire has none): `$name: value;` put in place.
    const { result, writer } = await build({
      ...SASS_STAND_IN,
      'src/components/Table.module.scss': '$brand: #52b0e7;\n.table { border: 1px solid $brand; }\n',
      'src/components/Table.js': [
        "import {useState} from 'react';",
        "import css from './Table.module.scss';",
        'export default function Table() {',
        '  const [n, setN] = useState(1);',
        '  return <div className={css.table} onClick={() => setN(n + 1)}>{n}</div>;',
        '}',
      ].join('\n'),
      'docs/table.mdx': "---\ntitle: Table\n---\nimport Table from '@site/src/components/Table';\n\n<Table />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = writer.text('docs/table/index.html') ?? '';
    const [, table] = /<div class="([^"]+)">1<\/div>/.exec(html) ?? [];
    expect(table).toMatch(/table/);
    expect(html).toContain(`.${table} {`);
    expect(html).toContain('#52b0e7');
    // The browser build gives the island the same class name.
    expect(islandCode(writer, html)).toContain(JSON.stringify(table));
  });

  it("compiles a component's .scss imports with the project's sass, *.module.scss as CSS modules (docusaurus-plugin-sass)", async () => {
    // Electron's home page and its other React pages import their styles so: quire left each page out (Q039).
    const { result, writer } = await build({
      ...SASS_STAND_IN,
      'src/pages/hello.module.scss': '$brand: #47848f;\n.hero { color: $brand; }\n',
      'src/pages/plain.scss': '$gap: 3px;\n.plain-gap { margin: $gap; }\n',
      'src/pages/hello.js': [
        "import React, {useState} from 'react';",
        "import Layout from '@theme/Layout';",
        "import styles from './hello.module.scss';",
        "import './plain.scss';",
        'export default function Hello() {',
        '  const [n, setN] = useState(1);',
        '  return <Layout title="Hello"><p className={styles.hero} onClick={() => setN(n + 1)}>{n}</p></Layout>;',
        '}',
      ].join('\n'),
    });
    expect(result.diagnostics.filter((d) => d.code === 'Q039')).toEqual([]);
    const html = writer.text('hello/index.html') ?? '';
    const hero = /<p class="([^"]+)">1<\/p>/.exec(html)?.[1];
    expect(hero).toMatch(/hero/);
    expect(html).toContain(`.${hero} {\n  color: #47848f;`);
    expect(html).toContain('.plain-gap {\n  margin: 3px;');
    // The island the browser hydrates names the same class.
    expect(islandCode(writer, html)).toContain(JSON.stringify(hero));
  });

  it("draws theme-common's Details, the one @theme/Details wraps, as quire's Details", async () => {
    const { result, writer } = await build({
      'src/components/History.js': [
        "import {Details} from '@docusaurus/theme-common/Details';",
        'export default function History() {',
        '  return <><Details summary={<summary>History</summary>} className="history"><p>Added in 1.0</p></Details>',
        '  <Details summary="Plain"><p>Text</p></Details></>;',
        '}',
      ].join('\n'),
      'docs/history.mdx': "---\ntitle: History\n---\nimport History from '@site/src/components/History';\n\n<History />\n",
    });
    expect(result.diagnostics.filter((d) => d.code === 'Q039')).toEqual([]);
    // A summary given as an element is drawn as it is, as Docusaurus's Details does; text gets its <summary>.
    const html = writer.text('docs/history/index.html');
    expect(html).toContain('<details class="history"><summary>History</summary><p>Added in 1.0</p></details>');
    expect(html).toContain('<details><summary>Plain</summary><p>Text</p></details>');
  });

  it('bundles a package that awaits at its top level (yoga-layout) behind React.lazy, kept for the browser', async () => {
    // Yoga's playground: its viewer imports yoga-layout, whose ES entry awaits its WebAssembly; the playground loads
    // the viewer with React.lazy, since Docusaurus's server render cannot wait for it either.
    const { result, writer } = await build({
      ...WAITING_PACKAGE,
      'src/components/Box.js': [
        "import {lazy, Suspense, useState} from 'react';",
        "const Viewer = lazy(() => import('./Viewer'));",
        'export default function Box() {',
        '  const [open] = useState(true);',
        '  return <div className="box">{open ? <Suspense fallback={<i>wait</i>}><Viewer /></Suspense> : null}</div>;',
        '}',
      ].join('\n'),
      'docs/box.mdx': "---\ntitle: Box\n---\nimport Box from '@site/src/components/Box';\n\n<Box />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error' || d.code === 'Q039')).toEqual([]);
    const html = writer.text('docs/box/index.html') ?? '';
    expect(html).toMatch(/<div class="box"><!--\$!-->(?:<template[^>]*><\/template>)?<i>wait<\/i><!--\/\$--><\/div>/);
    // In the browser the module keeps its await, in the chunk React.lazy loads.
    expect(islandCode(writer, html)).toMatch(/await Promise\.resolve\(\{ ?size: ?7 ?\}\)/);
  });

  it('names the module that awaits at its top level where a page imports it directly, which cannot be drawn at build time', async () => {
    const { result } = await build({
      ...WAITING_PACKAGE,
      'src/pages/direct.js':
        "import Layout from '@theme/Layout';\nimport engine from '../wartet';\nexport default function Direct() {\n  return <Layout><p>{engine.size}</p></Layout>;\n}\n",
    });
    expect(result.diagnostics.filter((d) => d.code === 'Q039')).toEqual([]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([
      expect.objectContaining({
        code: 'Q080',
        file: 'src/pages/direct.js',
        message: expect.stringContaining('src/wartet/index.js uses a top-level await'),
      }),
    ]);
  });

  it("gives @docusaurus/theme-common's usePrismTheme, the config's code colours for the mode (react-live's editor takes them)", async () => {
    const template = await readFile(path.join(fixture('docusaurus-classic'), 'docusaurus.config.js'), 'utf8');
    const { result, writer } = await build({
      'docusaurus.config.js': template.replace(
        /theme: prismThemes\.github,\s*darkTheme: prismThemes\.dracula,/,
        "theme: {plain: {color: '#101010'}, styles: []}, darkTheme: {plain: {color: '#fafafa'}, styles: []},",
      ),
      'src/components/Colours.js': [
        "import {useState} from 'react';",
        "import {usePrismTheme} from '@docusaurus/theme-common';",
        'export default function Colours() {',
        '  const [shown] = useState(true);',
        '  return shown ? <p className="colours">{usePrismTheme().plain.color}</p> : null;',
        '}',
      ].join('\n'),
      'docs/colours.mdx': "---\ntitle: Colours\n---\nimport Colours from '@site/src/components/Colours';\n\n<Colours />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error' || d.code === 'Q039')).toEqual([]);
    const html = writer.text('docs/colours/index.html') ?? '';
    // Built in the default mode, light; the island carries both for the visitor's mode.
    expect(html).toContain('<p class="colours">#101010</p>');
    expect(html).toContain('&quot;codeTheme&quot;:{&quot;light&quot;:{&quot;plain&quot;:{&quot;color&quot;:&quot;#101010&quot;}');
    // A page whose code does not ask for them does not carry them.
    expect(writer.text('docs/intro/index.html')).not.toContain('codeTheme');
  });

  it("reads the CSS modules' class names from the server bundle as esbuild writes them", () => {
    const names = new Map<string, Record<string, string>>();
    const code = [
      '// src/a/styles.module.css',
      'var card2 = "styles_card";',
      'var styles_default = {',
      '  card: card2,',
      '  "card-title": "styles_card-title",',
      '  box: "styles_box styles_base"',
      '};',
      '',
      '// src/b/styles.module.css',
      // Only imported by name: a variable renamed by esbuild, a class renamed for another file's.
      'var item2 = "styles_item";',
      'var other = "styles_other3";',
      '',
      // Reached through import() (behind React.lazy): set when first used.
      '// src/c/Box.module.css',
      'var Box_default;',
      'var init_Box = __esm({',
      '  "src/c/Box.module.css"() {',
      '    Box_default = {',
      '      frame: "Box_frame2",',
      '      "frame-dark": "Box_frame-dark2"',
      '    };',
      '  }',
      '});',
      '',
    ].join('\n');
    cssModuleNamesOf(code, '/p', names);
    expect(Object.fromEntries(names)).toEqual({
      '/p/src/a/styles.module.css': { card: 'styles_card', 'card-title': 'styles_card-title', box: 'styles_box styles_base' },
      '/p/src/b/styles.module.css': { item: 'styles_item', other: 'styles_other3' },
      '/p/src/c/Box.module.css': { frame: 'Box_frame2', 'frame-dark': 'Box_frame-dark2' },
    });
  });

  it('reports an import of a name a provided module does not have at its line, before any page renders', async () => {
    const { result } = await build({
      'src/components/Config.js':
        "import {useColorMode, useThemeConfig} from '@docusaurus/theme-common';\nexport default function C() { return <p>{useThemeConfig().navbar.title}</p>; }\n",
      'docs/config.mdx': "---\ntitle: Config\n---\nimport C from '@site/src/components/Config';\n\n<C />\n",
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'Q039',
        file: 'src/components/Config.js',
        line: 1,
        column: 23,
        message: expect.stringContaining('No matching export in quire\'s @docusaurus/theme-common for import "useThemeConfig"'),
        hint: expect.stringContaining('README "Coming from Docusaurus" lists them'),
      }),
    );
  });

  it("uses the project's src/theme/ components where its code imports them, @theme-original/ for the theme's, and names the replaced parts quire draws itself", async () => {
    const { result, writer } = await build({
      'src/theme/NotFound.js': 'export default function NotFound() { return <p>Weg</p>; }\n',
      'src/theme/Admonition/index.js': [
        "import Admonition from '@theme-original/Admonition';",
        'export default function Wrapped(props) {',
        '  return <div className="wrapped"><Admonition {...props} /></div>;',
        '}',
      ].join('\n'),
      'src/theme/Widget.tsx': 'export default function Widget({n}: {n: number}) { return <b className="widget">{n * 2}</b>; }\n',
      // Docusaurus 2's DocPage (Redux Toolkit's website keeps one): Docusaurus 3 has no such part, so it replaces nothing.
      'src/theme/DocPage/Layout/Main/index.js': 'export default function Main({children}) { return <main>{children}</main>; }\n',
      'src/components/Box.js':
        'import Admonition from \'@theme/Admonition\';\nexport default function Box() { return <Admonition type="tip" title="Tipp">Inhalt</Admonition>; }\n',
      'docs/theme.mdx':
        "---\ntitle: Theme\n---\nimport Widget from '@theme/Widget';\nimport Box from '@site/src/components/Box';\n\n<Widget n={21} />\n\n<Box />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = (writer.text('docs/theme/index.html') ?? '').replace(/<!-- -->/g, '');
    expect(html).toContain('<b class="widget">42</b>');
    expect(html).toContain(
      '<div class="wrapped"><aside class="admonition admonition-tip" role="note" data-admonition="tip"><p class="admonition-title">Tipp</p>Inhalt</aside></div>',
    );
    expect(result.diagnostics.filter((d) => d.code === 'Q003' && d.file?.startsWith('src/theme/'))).toEqual([
      expect.objectContaining({
        severity: 'warning',
        file: 'src/theme/Admonition/index.js',
        message: expect.stringContaining(
          "src/theme/ replaces parts of Docusaurus's theme that quire draws with its own: Admonition, NotFound.",
        ),
      }),
    ]);
  });

  it('names each use of a hydrated component given a function or an element, which is drawn but not hydrated', async () => {
    const { result, writer } = await build({
      'src/components/Counter.js': COUNTER,
      'src/components/Counter.module.css': '.box { border: 2px solid rebeccapurple; }\n',
      'src/components/Plain.js': 'export default function Plain({render}) { return <p>{render()}</p>; }\n',
      'docs/props.mdx': [
        '---',
        'title: Props',
        '---',
        "import Counter from '@site/src/components/Counter';",
        '',
        '<Counter label="a" onPick={() => 1} />',
        '',
        '<Counter label="b" icon={<b>x</b>} />',
        '',
        '<Counter label="c" />',
        '',
        // DocSearch's examples: a function as children, code of the page's the browser's module does not have.
        "import BrowserOnly from '@docusaurus/BrowserOnly';",
        '',
        '<BrowserOnly>',
        '  {() => <Counter label="d" />}',
        '</BrowserOnly>',
        '',
      ].join('\n'),
      'docs/plain.mdx': "---\ntitle: Plain\n---\nimport Plain from '@site/src/components/Plain';\n\n<Plain render={() => 'drawn'} />\n",
    });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const found = result.diagnostics.filter((d) => d.code === 'Q039');
    expect(found.map((d) => [d.severity, d.file, d.line, d.column])).toEqual([
      ['warning', 'docs/props.mdx', 6, 1],
      ['warning', 'docs/props.mdx', 8, 1],
      ['warning', 'docs/props.mdx', 14, 1],
    ]);
    expect(found[0].message).toContain('<Counter onPick={…}> is given a function or an element');
    expect(found[1].message).toContain('<Counter icon={…}>');
    expect(found[2].message).toContain('<BrowserOnly children={…}>');
    // The third use is hydrated; the first two are drawn only, and so is BrowserOnly (it drew nothing: in the browser
    // its function child would be called with the page's HTML). The page without browser code is not named.
    const html = writer.text('docs/props/index.html') ?? '';
    expect(html.match(/<quire-island data-static="props">/g)).toHaveLength(3);
    expect(html.match(/<quire-island data-island="project"/g)).toHaveLength(1);
    expect(writer.text('docs/plain/index.html')).toContain('<p>drawn</p>');
  });
});

describe("the pages' modules kept between builds (ModuleBundles)", () => {
  it('bundles again only when a page imports something else or a file the bundle read changed, with the same pages', async () => {
    const { makeSite, buildInMemory } = await import('../helpers.ts');
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const os = await import('node:os');
    const site = await makeSite('docusaurus-classic', {
      'src/components/Note.js': 'export default function Note() { return <p className="note">first words</p>; }\n',
      'docs/_partial.md': 'Partial text one.\n',
      'docs/uses.mdx':
        "---\ntitle: Uses\n---\nimport Note from '@site/src/components/Note';\nimport Part from './_partial.md';\n\n<Note />\n\n<Part />\n",
    });
    cleanups.push(site.cleanup);
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'quire-modules-'));
    cleanups.push(() => rm(cacheDir, { recursive: true, force: true }));
    const build = async () => {
      const { result, writer } = await buildInMemory(site.root, { cacheDir });
      expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      return { detail: result.steps.find((s) => s.name === 'plan')?.detail, html: writer.text('docs/uses/index.html') ?? '' };
    };
    const first = await build();
    expect(first.detail).toBeUndefined();
    expect(first.html).toContain('first words');
    expect(first.html).toContain('Partial text one.');
    // Nothing changed: the kept bundle, and the same page.
    const second = await build();
    expect(second.detail).toBe('page modules unchanged');
    expect(second.html).toBe(first.html);
    // A component edited: bundled again, the page shows the new words.
    await writeFile(
      path.join(site.root, 'src/components/Note.js'),
      'export default function Note() { return <p className="note">second words</p>; }\n',
    );
    const third = await build();
    expect(third.detail).toBeUndefined();
    expect(third.html).toContain('second words');
    // A partial edited: bundled again too.
    await writeFile(path.join(site.root, 'docs/_partial.md'), 'Partial text two.\n');
    const fourth = await build();
    expect(fourth.detail).toBeUndefined();
    expect(fourth.html).toContain('Partial text two.');
    expect((await build()).detail).toBe('page modules unchanged');
    // A file added beside a module may be what its import finds now: bundled again.
    await writeFile(
      path.join(site.root, 'src/components/Note.tsx'),
      'export default function Note() { return <p className="note">typed words</p>; }\n',
    );
    const sixth = await build();
    expect(sixth.detail).toBeUndefined();
    expect(sixth.html).toContain('typed words');
  });
});
