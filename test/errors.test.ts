import os from 'node:os';
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeSite, repoRoot } from './helpers.ts';

const run = promisify(execFile);

/** Runs the compiled CLI (npm test compiles it first) and returns its exit code and stderr. */
async function quire(root: string, ...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [path.join(repoRoot, 'lib/quire.js'), '--root', root, ...args], {
      env: { ...process.env, CI: '1', NO_COLOR: '1' },
    });
    return { code: 0, stderr };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
}

interface Case {
  name: string;
  overlay: Record<string, string | Buffer | null>;
  /** Lines the error output must contain. */
  expect: string[];
}

const cases: Case[] = [
  {
    name: 'malformed MDX',
    overlay: { 'content/docs/guide/mdx.mdx': '---\ntitle: Kaputt\n---\nText\n\n<Steps>\n\nOhne Ende\n' },
    expect: ['error Q030 content/docs/guide/mdx.mdx:6:1', 'Could not compile MDX: Expected a closing tag for `<Steps>`', '> 6 | <Steps>'],
  },
  {
    name: 'a tag left open in the middle of a paragraph (at the tag, not at the paragraph)',
    overlay: { 'content/docs/guide/mdx.mdx': '---\ntitle: Kaputt\n---\nText.\n\nEine Zeile mit Umbruch<br>und weiter.\n' },
    expect: ['error Q030 content/docs/guide/mdx.mdx:6:23', 'Could not compile MDX: Expected a closing tag for `<br>`'],
  },
  {
    name: 'malformed MDX whose message names another place (given as a line of the file, not of the body)',
    overlay: { 'content/docs/guide/mdx.mdx': '---\ntitle: Kaputt\n---\nText.\n\n<Tabs>\n  <Tab label="a">Inhalt\n</Tabs>\n' },
    expect: [
      'error Q030 content/docs/guide/mdx.mdx:7:3',
      'Could not compile MDX: Expected a closing tag for `<Tab>` (line 7, column 3 to line 7, column 18) before the end of `paragraph`',
      '> 7 |   <Tab label="a">Inhalt',
    ],
  },
  {
    name: 'a page that does not compile beside a broken link and an unknown component elsewhere (all in one run)',
    overlay: {
      'content/docs/guide/mdx.mdx': '---\ntitle: Kaputt\n---\nText <Offen\n',
      'content/docs/guide/start.md': '---\ntitle: Start\n---\nZur [MDX-Seite](../mdx/#abschnitt), zum [Fehlenden](/docs/fehlt/).\n',
      'content/docs/guide/dritte.mdx': '---\ntitle: Dritte\n---\n<Kdb>Strg</Kdb>\n',
    },
    expect: [
      'error Q030 content/docs/guide/mdx.mdx:4:',
      'error Q032 content/docs/guide/dritte.mdx:4:1',
      'error Q060 content/docs/guide/start.md:4:',
      'Broken link to /docs/fehlt/',
      // No warning about the anchor into the page that did not compile: its headings are unknown.
      'Build failed: 3 error(s). The previous output',
    ],
  },
  {
    name: 'links and images written as string expressions in MDX ({"…"}), checked like quoted ones',
    overlay: {
      'content/docs/guide/mdx.mdx':
        '---\ntitle: Ausdrücke\n---\n<Figure src={"/img/fehlt.png"} alt="x" />\n\n<Card title="Karte" href={`/docs/gibtsnicht/`}>Text</Card>\n',
    },
    expect: [
      'error Q060 content/docs/guide/mdx.mdx:4:1',
      'Broken image /img/fehlt.png: no file static/img/fehlt.png.',
      'error Q060 content/docs/guide/mdx.mdx:6:1',
      'Broken link to /docs/gibtsnicht/',
      'Build failed: 2 error(s)',
    ],
  },
  {
    name: 'a javascript: link in Markdown',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: Start\n---\nText\n\nKlick [hier](javascript:alert(1)) bitte.\n' },
    expect: [
      'content/docs/guide/start.md:6:7',
      "A javascript: address is not published (javascript:alert(1)): it runs code in the visitor's browser.",
      'Build failed: 1 error(s)',
    ],
  },
  {
    name: 'a javascript: link in HTML of a .md file',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: Start\n---\nText\n\n<p>Klick <a href=" JavaScript:alert(1)">hier</a>.</p>\n' },
    expect: ['content/docs/guide/start.md:6:', 'A javascript: address is not published', 'Build failed: 1 error(s)'],
  },
  {
    name: 'tabs put together wrongly (text in <Tabs>, <Tab> outside, a number prop that is not one)',
    overlay: {
      'content/docs/guide/mdx.mdx':
        '---\ntitle: Reiter\n---\n<Tabs>\n  Einleitung\n  <Tab label="Chrome">Eins</Tab>\n  {/* Firefox folgt */}\n</Tabs>\n\n<Tab label="Firefox">Zwei</Tab>\n\n<Figure src="/img/logo.svg" alt="Logo" width="breit" />\n',
    },
    expect: [
      'error Q033 content/docs/guide/mdx.mdx:4:1',
      '<Tabs> holds text: only <Tab> elements show in it.',
      'error Q033 content/docs/guide/mdx.mdx:10:1',
      '<Tab> shows only inside <Tabs>.',
      'error Q033 content/docs/guide/mdx.mdx:12:1',
      '<Figure width="breit">: width is a number.',
      'Build failed: 3 error(s).',
    ],
  },
  {
    name: 'broken front matter, a page that does not compile, a broken link and a sidebar typo (all in one run)',
    overlay: {
      'content/docs/guide/start.md': '---\ntitle: [Start\n---\nText\n',
      'content/docs/guide/mdx.mdx': '---\ntitle: Kaputt\n---\nText <Offen\n',
      'content/docs/hidden.md':
        '---\ntitle: Versteckt\nunlisted: true\n---\nZum [Fehlenden](/docs/fehlt/) und zum [Start](./guide/start.md).\n',
      'content/sidebars.ts': "export default {\n  docs: ['index', 'guide/start', 'guide/mdx', 'guide/mxd'],\n};\n",
    },
    expect: [
      'error Q020 content/docs/guide/start.md:2:',
      'error Q030 content/docs/guide/mdx.mdx:4:',
      'error Q060 content/docs/hidden.md:5:',
      'Broken link to /docs/fehlt/',
      'error Q041 content/sidebars.ts:2:',
      '- guide/mxd (did you mean guide/mdx?)',
      'Build failed: 4 error(s).',
    ],
  },
  {
    name: 'a component failing while it renders (a data entry named by an expression), placed at its use',
    overlay: { 'content/docs/guide/mdx.mdx': '---\ntitle: Zahl\n---\nText.\n\nMehr als <Stat id={"nut" + "zer"} /> Leute.\n' },
    expect: ['error Q080 content/docs/guide/mdx.mdx:6:10', 'no figure "nutzer" in content/data/figures.json', '> 6 | Mehr als <Stat'],
  },
  {
    name: 'MDX import of a file that does not exist',
    overlay: { 'content/docs/guide/mdx.mdx': '---\ntitle: Mit Import\n---\nText.\n\nimport { Karte } from "./karte.js"\n\n<Karte />\n' },
    expect: [
      'error Q039 content/docs/guide/mdx.mdx:6:1',
      `The page's import of ./karte.js cannot be bundled: Could not resolve "./karte.js"`,
      'hint: ',
    ],
  },
  {
    name: 'unknown MDX component',
    overlay: {
      'content/docs/guide/mdx.mdx':
        '---\ntitle: Tippfehler\n---\nText.\n\n<Steps>\n  <Step title="Eins">Los.</Step>\n</Steps>\n\nDann <Kdb>Strg</Kdb>.\n',
    },
    expect: [
      'error Q032 content/docs/guide/mdx.mdx:10:6',
      'Unknown component <Kdb>.',
      '> 10 | Dann <Kdb>Strg</Kdb>.',
      'hint: Did you mean <Kbd>? Components available without import: ',
    ],
  },
  {
    name: 'MDX components with a prop left out, a typo and a data entry that does not exist',
    overlay: {
      'content/docs/guide/mdx.mdx':
        '---\ntitle: Bilder\n---\nText.\n\n<Figure alt="Leiste" caption="Die Leiste" />\n\n<Figure scr="/img/a.png" alt="A" />\n\nMehr als <Stat id="user" /> Leute.\n\n<Tabs>\n  <Tab lable="Chrome">Eins</Tab>\n</Tabs>\n',
    },
    expect: [
      'error Q033 content/docs/guide/mdx.mdx:6:1',
      '<Figure> needs the prop src.',
      'hint: <Figure> takes alt, caption, height, src, width.',
      'error Q033 content/docs/guide/mdx.mdx:8:1',
      'hint: Did you mean src instead of scr?',
      'error Q033 content/docs/guide/mdx.mdx:10:10',
      '<Stat id="user">: content/data/figures.json has no entry "user".',
      'hint: Did you mean "users"? content/data/figures.json has: users.',
      'error Q033 content/docs/guide/mdx.mdx:13:3',
      '<Tab> needs the prop label.',
      'Build failed: 4 error(s)',
    ],
  },
  {
    name: 'invalid YAML front matter',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: "offen\nkeywords: [a\n---\nText\n' },
    expect: ['error Q020 content/docs/guide/start.md:', 'Invalid YAML front matter'],
  },
  {
    name: 'front matter field of the wrong type',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: Start\nhide_title: vielleicht\n---\nText\n' },
    expect: [
      'error Q021 content/docs/guide/start.md:3:13',
      'Invalid front matter field "hide_title": expected boolean',
      '> 3 | hide_title: vielleicht',
    ],
  },
  {
    name: 'a blog date that does not exist (YAML would roll 2024-13-45 over into 2025-02-14)',
    overlay: { 'content/blog/2024-05-01-neu.md': '---\ntitle: Neu\ndate: 2024-13-45\n---\nText\n' },
    expect: [
      'error Q021 content/blog/2024-05-01-neu.md:3:7',
      'Invalid front matter field "date": expected a date that exists, written YYYY-MM-DD',
      '> 3 | date: 2024-13-45',
    ],
  },
  {
    name: 'a blog file name whose date does not exist',
    overlay: { 'content/blog/2024-02-30-neu.md': '---\ntitle: Neu\n---\nText\n' },
    expect: [
      'error Q021 content/blog/2024-02-30-neu.md',
      'The date in the file name, 2024-02-30, does not exist.',
      'hint: Blog posts are named YYYY-MM-DD-slug.mdx',
    ],
  },
  {
    name: 'slug leaving the site',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: Start\nslug: ../../../../../tmp/quire-escape\n---\nText\n' },
    expect: [
      'error Q021 content/docs/guide/start.md:3:7',
      'Invalid front matter field "slug": expected a URL path: no "." or ".." segments',
    ],
  },
  {
    name: 'images from static/ that do not exist (Markdown, HTML, a component prop, one written with the base path)',
    overlay: {
      'content/docs/guide/mdx.mdx':
        '---\ntitle: Bilder\n---\n![A](/img/fehlt.png)\n\n<img src="/img/auch-fehlt.png" alt="" />\n\n<Figure src="/img/fehlt.svg" alt="F" />\n\n![B](/de/img/favicon.svg)\n',
    },
    expect: [
      'error Q060 content/docs/guide/mdx.mdx:4:1',
      'Broken image /img/fehlt.png: no file static/img/fehlt.png.',
      'hint: Images are files of static/ (static/img/bild.png is /img/bild.png) or next to the page (./bild.png).',
      'error Q060 content/docs/guide/mdx.mdx:6:1',
      'Broken image /img/auch-fehlt.png: no file static/img/auch-fehlt.png.',
      'error Q060 content/docs/guide/mdx.mdx:8:1',
      'Broken image /img/fehlt.svg: no file static/img/fehlt.svg.',
      'error Q060 content/docs/guide/mdx.mdx:10:1',
      'Broken image /de/img/favicon.svg: no file static/de/img/favicon.svg.',
      'hint: The base path is added for you: write /img/favicon.svg.',
      'Build failed: 4 error(s)',
    ],
  },
  {
    name: 'missing image',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: Start\n---\nText\n\nSiehe ![Bildschirmfoto](./fehlt.png) hier.\n' },
    expect: [
      'error Q060 content/docs/guide/start.md:6:7',
      'Image not found: content/docs/guide/fehlt.png.',
      "hint: Image paths are relative to the page's file",
    ],
  },
  {
    name: 'a missing image next to the page and one missing from static/ (both in one run, before anything renders)',
    overlay: {
      'content/docs/guide/start.md': '---\ntitle: Start\n---\nText\n\n![Bildschirmfoto](./fehlt.png) und ![Logo](/img/auch-fehlt.png)\n',
    },
    expect: [
      'error Q060 content/docs/guide/start.md:6:1',
      'Image not found: content/docs/guide/fehlt.png.',
      'error Q060 content/docs/guide/start.md:6:36',
      'Broken image /img/auch-fehlt.png',
      'Build failed: 2 error(s)',
    ],
  },
  {
    name: 'a data file entry without a field the theme shows, and a price that is not a number (at their places)',
    overlay: {
      'content/data/figures.json': '{\n  "users": { "value": "10 Mio.+", "label": "Nutzer", "txt": "mehr als zehn Millionen" }\n}\n',
      'content/data/pricing.json':
        '{\n  "defaultCurrency": "EUR",\n  "currencies": [{ "code": "EUR", "symbol": "€", "label": "Euro" }],\n  "plans": [{ "id": "pro", "name": "Pro", "prices": { "EUR": { "monthly": "neun", "yearly": 90 } }, "features": [], "ctaLabel": "Los", "ctaHref": "/pricing/" }]\n}\n',
    },
    expect: [
      'error Q090 content/data/figures.json:2:3',
      'Invalid data in content/data/figures.json at users.text: the field is missing (expected string).',
      'error Q090 content/data/pricing.json:4:64',
      'Invalid data in content/data/pricing.json at plans.0.prices.EUR.monthly: expected number, found string.',
    ],
  },
  {
    name: 'image outside the project',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: Start\n---\n![Passwort](../../../../geheim.png)\n' },
    expect: [
      'error Q060 content/docs/guide/start.md:4:1',
      'The image ../geheim.png lies outside the project: only files inside it are published.',
    ],
  },
  {
    name: 'sidebar file that throws while it runs',
    overlay: { 'content/sidebars.ts': 'const x: any = undefined;\n\nexport default { docs: x.items };\n' },
    expect: [
      'error Q040 content/sidebars.ts:3:26',
      "The sidebar file could not be evaluated: Cannot read properties of undefined (reading 'items')",
      '> 3 | export default { docs: x.items };',
    ],
  },
  {
    name: 'site config with a syntax error (named relative to the project, with its code frame)',
    overlay: { 'site.config.ts': "export default {\n  title: 'A',,\n};\n" },
    expect: ['error Q001 site.config.ts:2:14', "> 2 |   title: 'A',,"],
  },
  {
    name: 'site config that throws while it runs',
    overlay: { 'site.config.ts': 'const base: any = null;\nexport default { ...base.config };\n' },
    expect: [
      'error Q001 site.config.ts:2:26',
      "The site configuration could not be evaluated: Cannot read properties of null (reading 'config')",
      '> 2 | export default { ...base.config };',
    ],
  },
  {
    name: 'sidebar items of the wrong shape (every one named, at its place)',
    overlay: {
      'content/sidebars.ts':
        "export default {\n  docs: [\n    'index',\n    { type: 'categroy', label: 'Leitfaden', items: ['guide/start'] },\n    { type: 'category', label: 'Mehr', items: [{ type: 'link', label: 'Preise' }, 3] },\n    { type: 'doc', id: 'guide/mdx', label: 7 },\n  ],\n};\n",
    },
    expect: [
      'error Q040 content/sidebars.ts:4:32',
      'Sidebar item docs › 2 has an unknown type "categroy".',
      "hint: Did you mean 'category'? An item's type is one of: doc, ref, link, html, category, autogenerated.",
      'error Q040 content/sidebars.ts:5:71',
      'Sidebar item docs › Mehr › 1 (link "Preise") needs href: a string.',
      'Sidebar item docs › Mehr › 2 must be a doc id (a string) or an item object, not number 3. (at docs.2.items.1)',
      'error Q040 content/sidebars.ts:6:24',
      'Sidebar item docs › 4 (doc): label must be a string, not number 7.',
      'Build failed: 4 error(s)',
    ],
  },
  {
    name: 'sidebar naming a missing doc',
    overlay: { 'content/sidebars.ts': "export default {\n  docs: ['index', 'guide/start', 'guide/fehlt', 'guide/mxd'],\n};\n" },
    expect: [
      'error Q041 content/sidebars.ts:2:34',
      'Invalid sidebar file at "content/sidebars.ts".',
      // A near miss is named; an id like none gets no guess.
      'These sidebar document ids do not exist:\n  - guide/fehlt\n  - guide/mxd (did you mean guide/mdx?)',
      'Available document ids are:\n  - guide/mdx\n  - guide/start\n  - hidden\n  - index',
    ],
  },
  {
    name: 'duplicate slugs',
    overlay: { 'content/docs/guide/zweiter.md': '---\ntitle: Zweiter\nslug: start\n---\nText\n' },
    expect: [
      'error Q050 content/docs/guide/zweiter.md:3:7',
      'Two pages want the same URL /de/docs/guide/start/:',
      '- content/docs/guide/start.md (by its file name)',
      '- content/docs/guide/zweiter.md (front matter slug: start, line 3)',
      '> 3 | slug: start',
    ],
  },
  {
    name: 'duplicate slugs, the first page in file order setting its URL by id',
    overlay: { 'content/docs/guide/anfang.md': '---\ntitle: Anfang\nid: start\n---\nText\n' },
    expect: [
      'error Q050 content/docs/guide/anfang.md:3:5',
      '- content/docs/guide/anfang.md (front matter id: start, line 3)',
      '- content/docs/guide/start.md (by its file name)',
      // No anchor warnings for links into the contested address (which page they reach is unsettled).
      'Build failed: 1 error(s).',
    ],
  },
  {
    name: 'static file taking the place of a page',
    overlay: { 'static/docs/index.html': '<p>alt</p>' },
    expect: [
      'error Q050 static/docs/index.html',
      'Two files want the same URL /de/docs/:\n  - content/docs/index.md\n  - static/docs/index.html',
    ],
  },
  {
    name: 'broken internal link',
    overlay: { 'content/pages/pricing.md': '---\ntitle: Preise\n---\nSiehe [FAQ](/docs/faq/).\n' },
    expect: ['error Q060 content/pages/pricing.md:4:7', 'Broken link to /docs/faq/: no page or file at /de/docs/faq/.'],
  },
  {
    name: 'broken link in HTML of a .md file',
    overlay: {
      'content/pages/pricing.md':
        '---\ntitle: Preise\n---\nText\n\n<details>\n<summary>Mehr</summary>\n<p>Siehe <a href="/docs/faq/">FAQ</a>.</p>\n</details>\n',
    },
    expect: ['error Q060 content/pages/pricing.md:8:10', 'Broken link to /docs/faq/: no page or file at /de/docs/faq/.'],
  },
  {
    name: 'unknown name in an MDX expression (found while rendering)',
    overlay: { 'content/docs/guide/rechnung.mdx': '---\ntitle: Rechnung\n---\nText\n\nWert: {unbekannt + 1}\n' },
    expect: [
      'error Q080 content/docs/guide/rechnung.mdx:6:8',
      'Rendering /de/docs/guide/rechnung/ failed: unbekannt is not defined',
      '> 6 | Wert: {unbekannt + 1}',
      'hint: In MDX, {…} is JavaScript, and nothing defines unbekannt. For braces as text write \\{ and \\}',
    ],
  },
  {
    name: 'broken link in a data file',
    overlay: {
      'content/data/angebote.json':
        '{\n  "karten": [\n    { "titel": "A", "ctaHref": "/gibt-es-nicht/" },\n    { "ctaHref": "/pricing/#plaene", "image": "/img/logo.svg", "href": "https://example.com/" }\n  ]\n}\n',
    },
    expect: [
      'error Q060 content/data/angebote.json:3:32',
      'Broken link to /gibt-es-nicht/ (karten.0.ctaHref): no page or file at /de/gibt-es-nicht/.',
      '> 3 |     { "titel": "A", "ctaHref": "/gibt-es-nicht/" },',
      'Build failed: 1 error(s)',
    ],
  },
  {
    name: 'broken link in a data file, written with escapes',
    overlay: { 'content/data/angebote.json': '{ "karten": [{ "ctaHref": "\\/gibt-es-nicht\\/" }] }\n' },
    expect: [
      'error Q060 content/data/angebote.json:1:27',
      'Broken link to /gibt-es-nicht/ (karten.0.ctaHref): no page or file at /de/gibt-es-nicht/.',
    ],
  },
  {
    // JavaScript orders number-like keys before the others, not as written: each entry is still placed where it is.
    name: 'broken links in a data file under number-like keys',
    overlay: { 'content/data/angebote.json': '{\n  "2025": { "href": "/gibt-es-nicht/" },\n  "2024": { "href": "/gibt-es-nicht/" }\n}\n' },
    expect: [
      'error Q060 content/data/angebote.json:3:21\n  Broken link to /gibt-es-nicht/ (2024.href)',
      'error Q060 content/data/angebote.json:2:21\n  Broken link to /gibt-es-nicht/ (2025.href)',
    ],
  },
  {
    name: 'pagination naming a missing doc',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: Start\nsidebar_label: Loslegen\npagination_next: guide/fehlt\n---\nText\n' },
    expect: [
      'error Q042 content/docs/guide/start.md:4:18',
      'pagination_next points to a doc id that does not exist: "guide/fehlt".',
      '> 4 | pagination_next: guide/fehlt',
    ],
  },
  {
    name: 'social card image that does not exist',
    overlay: { 'content/docs/guide/start.md': '---\ntitle: Start\r\nimage:   /img/fehlt.png\r\n---\r\nText\r\n' },
    expect: [
      'error Q060 content/docs/guide/start.md:3:10',
      'Broken image in front matter: /img/fehlt.png is not a file of the site (static/).',
    ],
  },
  {
    name: 'sidebar link to a page that does not exist',
    overlay: {
      'content/sidebars.ts':
        "export default {\n  docs: [\n    'index',\n    { type: 'category', label: 'Leitfaden', items: ['guide/start', 'guide/mdx', { type: 'link', label: 'Preise', href: '/pricing/' }, { type: 'link', label: 'Alt', href: '/docs/alt/' }] },\n  ],\n};\n",
    },
    expect: [
      'error Q060 content/sidebars.ts:4:171',
      'Broken link to /docs/alt/ (docs › Leitfaden › Alt): no page or file at /de/docs/alt/.',
      'Build failed: 1 error(s)',
    ],
  },
  {
    name: 'announcement linking to a page that does not exist',
    overlay: {
      'site.config.ts':
        'import base from \'./base.config.ts\';\nexport default { ...base, announcementBar: { id: \'a\', content: \'Neu: <a href="/pricing/">Preise</a>, <a href="/deals/mangaa/">Manga</a> und <a href="/de/pricing/">Preise</a>\' } };\n',
      'base.config.ts': null,
    },
    expect: [
      'error Q060 site.config.ts',
      'Broken link in the site configuration: /deals/mangaa/ is not a page of the site.',
      'at config key announcementBar.content',
      'Broken link in the site configuration: /de/pricing/ is not a page of the site.',
      'hint: The base path is added for you: write /pricing/.',
      'Build failed: 2 error(s)',
    ],
  },
  {
    name: 'site images in the config that do not exist (favicon, social card, navbar logo)',
    overlay: {
      'site.config.ts':
        "import base from './base.config.ts';\nexport default { ...base, favicon: '/img/favicon.ico', image: '/img/karte.jpg', navbar: { ...base.navbar, logo: { src: '/img/marke.svg', alt: 'Logo' } } };\n",
      'base.config.ts': null,
    },
    expect: [
      'error Q060 site.config.ts',
      'Broken image in the site configuration: /img/favicon.ico is not a file of the site (static/).',
      'at config key favicon',
      'Broken image in the site configuration: /img/karte.jpg is not a file of the site (static/).',
      'at config key image',
      'Broken image in the site configuration: /img/marke.svg is not a file of the site (static/).',
      'at config key navbar.logo.src',
      'Build failed: 3 error(s)',
    ],
  },
  {
    name: 'invalid config value',
    overlay: {
      'site.config.ts': "import base from './base.config.ts';\nexport default { ...base, docs: { toc: { minHeadingLevel: 'zwei' } } };\n",
      'base.config.ts': null,
    },
    expect: ['error Q002 site.config.ts', 'Invalid config value at docs.toc.minHeadingLevel: expected number, got the string "zwei"'],
  },
  {
    name: 'missing content folder',
    overlay: { content: null },
    expect: ['error Q010 content', 'The content folder is missing.'],
  },
  {
    name: 'data file that is not valid JSON (at its line and column)',
    overlay: { 'content/data/angebote.json': '{\n  "karten": [\n    { "titel": "A", },\n  ]\n}\n' },
    expect: [
      'error Q090 content/data/angebote.json:3:21',
      'Invalid JSON: a property name in double quotes was expected (a comma too many?).',
      '> 3 |     { "titel": "A", },',
      'Build failed: 1 error(s)',
    ],
  },
  {
    name: 'data file that is binary',
    overlay: { 'content/data/bild.json': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]) },
    expect: ['error Q012 content/data/bild.json', 'This file is not UTF-8 text, so it cannot be read as data.', 'Build failed: 1 error(s)'],
  },
  {
    name: 'locale file with a syntax error and one with a message that is not a text',
    overlay: {
      'locales/de.json': '{\n  "search.placeholder": "Suchen"\n  "skipToContent": "Weiter"\n}\n',
      'locales/en.json': '{\n  "search.placeholder": "Search",\n  "skipToContent": ["Skip"]\n}\n',
    },
    expect: [
      'error Q090 locales/de.json:3:3',
      'Invalid JSON: a comma was expected between two entries.',
      'error Q090 locales/en.json:3:3',
      'Invalid locale file: the message "skipToContent" must be a text, not an array.',
      'Build failed: 2 error(s)',
    ],
  },
  {
    name: 'front matter below a blank line (it would become the page text), at its ---',
    overlay: { 'content/docs/guide/start.md': '\n---\ntitle: Start\ndescription: Erste Schritte.\n---\nText\n' },
    expect: [
      'error Q020 content/docs/guide/start.md:2:1',
      'Front matter must start on the first line: with a blank line above it, this --- block is shown as page text.',
      '> 2 | ---',
      'hint: Remove the blank line above ---.',
      'Build failed: 1 error(s)',
    ],
  },
  {
    name: 'front matter values YAML reads as markup (a colon in a title, an anchor that is not set)',
    overlay: {
      'content/docs/guide/start.md': "---\ntitle: Tipp: So geht's\n---\nText\n",
      'content/docs/guide/mdx.mdx': '---\ntitle: *Sternchen\n---\nText\n',
    },
    expect: [
      'error Q020 content/docs/guide/mdx.mdx:2:8',
      'hint: Put the value in quotes (a value starting with * names an anchor): title: "*Sternchen"',
      'error Q020 content/docs/guide/start.md:2:8',
      `hint: Put the value in quotes (a colon followed by a space would start another field): title: "Tipp: So geht's"`,
      'Build failed: 2 error(s)',
    ],
  },
  {
    name: 'broken links with the page or file they most likely meant, and an anchor differing in case',
    overlay: {
      'content/docs/hidden.md':
        '---\ntitle: Versteckt\nunlisted: true\n---\nZur [MDX-Seite](./guide/mdx.md), zum [Start](/docs/guide/strat/), zur [Fehlenden](./guide/fehlt.mdx).\n\nZum [Abschnitt](./guide/mdx.mdx#Abschnitt) und ![Logo](/img/logo.sgv).\n',
    },
    expect: [
      'error Q060 content/docs/hidden.md:5:5',
      'Broken link to ./guide/mdx.md: no page or file at content/docs/guide/mdx.md.',
      'hint: Did you mean ./guide/mdx.mdx?',
      'error Q060 content/docs/hidden.md:5:38',
      'Broken link to /docs/guide/strat/: no page or file at /de/docs/guide/strat/.',
      'hint: Did you mean /docs/guide/start/?',
      'Broken link to ./guide/fehlt.mdx: no page or file at content/docs/guide/fehlt.mdx.',
      "hint: A link to a page's file is relative to the linking file, e.g. ./start.md or ../faq.mdx.",
      'warning Q061 content/docs/hidden.md:7:5',
      'hint: Did you mean #abschnitt?',
      'Broken image /img/logo.sgv: no file static/img/logo.sgv.',
      'hint: Did you mean /img/logo.svg?',
      'Build failed: 4 error(s), 1 warning(s).',
    ],
  },
  {
    name: 'a config value outside what a union or a literal accepts (named with what is accepted)',
    overlay: {
      'site.config.ts':
        "import base from './base.config.ts';\nexport default { ...base, trailingSlash: false, blog: { postsPerPage: 'alle' } };\n",
      'base.config.ts': null,
    },
    expect: [
      'error Q002 site.config.ts',
      'Invalid config value at trailingSlash: only true is supported, got boolean false',
      `Invalid config value at blog.postsPerPage: expected 'ALL' or a number, got the string "alle"`,
      'Build failed: 2 error(s)',
    ],
  },
  {
    name: 'an object for a number prop and an array for a text prop (at the prop), and a front matter field named constructor',
    overlay: {
      'content/docs/guide/mdx.mdx':
        '---\ntitle: Props\nconstructor: x\n---\nText.\n\n<Figure src="/img/logo.svg" alt="Logo"\n  width={{breit: 800}} />\n\n<Figure src="/img/logo.svg" alt={["Logo", "Bild"]} />\n',
    },
    expect: [
      'warning Q022 content/docs/guide/mdx.mdx:3:1',
      'Unknown front matter field "constructor"; it is ignored.',
      'error Q033 content/docs/guide/mdx.mdx:8:3',
      '<Figure width={{breit: 800}}>: width wants a number, not an object.',
      '>  8 |   width={{breit: 800}} />',
      'error Q033 content/docs/guide/mdx.mdx:10:29',
      '<Figure alt={["Logo", "Bild"]}>: alt wants a text, not an array.',
      'Build failed: 2 error(s), 1 warning(s).',
    ],
  },
  {
    name: 'binary file',
    overlay: { 'content/docs/bild.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]) },
    expect: ['error Q012 content/docs/bild.md', 'looks binary'],
  },
];

describe('errors: each bad input gives one clear error, exit 1, and leaves dist/ untouched', () => {
  for (const c of cases) {
    it(`errors: should report ${c.name}`, async () => {
      const site = await makeSite('basic');
      try {
        // The config cases build on the original config, kept under another name.
        if ('base.config.ts' in c.overlay) {
          await writeFile(path.join(site.root, 'base.config.ts'), await readFile(path.join(site.root, 'site.config.ts')));
          delete c.overlay['base.config.ts'];
        }
        for (const [file, content] of Object.entries(c.overlay)) {
          const { rm } = await import('node:fs/promises');
          if (content === null) await rm(path.join(site.root, file), { recursive: true, force: true });
          else {
            await mkdir(path.dirname(path.join(site.root, file)), { recursive: true });
            await writeFile(path.join(site.root, file), content);
          }
        }
        await mkdir(path.join(site.root, 'dist/de'), { recursive: true });
        await writeFile(path.join(site.root, 'dist/de/index.html'), 'previous build');
        const { code, stderr } = await quire(site.root, 'build');
        expect(code).toBe(1);
        for (const line of c.expect) expect(stderr).toContain(line);
        expect(stderr).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);
        expect(stderr).toContain('Build failed');
        expect(await readFile(path.join(site.root, 'dist/de/index.html'), 'utf8')).toBe('previous build');
        expect((await readdir(site.root)).filter((f) => f.startsWith('dist'))).toEqual(['dist']);
      } finally {
        await site.cleanup();
      }
    });
  }

  it('errors: should refuse an output folder whose replacing would lose work, before writing anything', async () => {
    const site = await makeSite('basic');
    try {
      const { root } = site;
      await writeFile(path.join(root, 'notes.txt'), 'my notes');
      await mkdir(path.join(root, 'foreign'), { recursive: true });
      await writeFile(path.join(root, 'foreign/notizen.txt'), 'mine');
      // quire's own state folder (.quire: the build lock) aside, the project is as it was.
      const listing = async () => (await readdir(root)).filter((f) => f !== '.quire').sort();
      const before = await listing();
      const staticBefore = (await readdir(path.join(root, 'static'), { recursive: true })).sort();
      const refused: [string, string][] = [
        ['notes.txt', 'The output path notes.txt is a file, not a folder.'],
        ['.', 'The output folder . is the project folder or holds it: replacing it with the build would delete the project.'],
        ['..', `The output folder ${path.dirname(await realpath(root))} is the project folder or holds it`],
        ['static', 'The output folder static is inside static/, which quire reads'],
        ['content/site', 'The output folder content/site is inside content/, which quire reads'],
        [
          'foreign',
          'The output folder foreign holds files no quire build wrote (no robots.txt, no de folder): a build replaces the whole folder, so they would be lost.',
        ],
      ];
      for (const [out, message] of refused) {
        const { code, stderr } = await quire(root, 'build', '--out', out);
        expect(code, out).toBe(1);
        expect(stderr, out).toContain('error Q101');
        expect(stderr, out).toContain(message);
        expect(stderr, out).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);
      }
      // Nothing was written, moved or deleted.
      expect(await listing()).toEqual(before);
      expect((await readdir(path.join(root, 'static'), { recursive: true })).sort()).toEqual(staticBefore);
      expect(await readFile(path.join(root, 'notes.txt'), 'utf8')).toBe('my notes');
      expect(await readFile(path.join(root, 'foreign/notizen.txt'), 'utf8')).toBe('mine');
      // A folder beside which quire cannot write its builds: below a file, or in a folder made immutable.
      const below = await quire(root, 'build', '--out', 'notes.txt/site');
      expect(below.code).toBe(1);
      expect(below.stderr).toContain('error Q101');
      expect(below.stderr).toContain('The output folder notes.txt/site cannot be written: a part of its path is a file.');
      await mkdir(path.join(root, 'locked'));
      const immutable = await run('chattr', ['+i', path.join(root, 'locked')]).then(
        () => true,
        () => false,
      );
      if (immutable) {
        try {
          const locked = await quire(root, 'build', '--out', 'locked/site');
          expect(locked.code).toBe(1);
          expect(locked.stderr).toContain('The output folder locked/site cannot be written: permission denied.');
        } finally {
          await run('chattr', ['-i', path.join(root, 'locked')]);
        }
      }
      await rm(path.join(root, 'locked'), { recursive: true });
      // An empty folder, and one an earlier build wrote, are fine.
      await mkdir(path.join(root, 'leer'));
      expect((await quire(root, 'build', '--out', 'leer')).code).toBe(0);
      expect((await quire(root, 'build', '--out', 'leer')).code).toBe(0);
      expect(await readFile(path.join(root, 'leer/robots.txt'), 'utf8')).toContain('Sitemap:');
    } finally {
      await site.cleanup();
    }
  });

  it('errors: should warn, at the place and with a hint, of markup shown as text and of sidebar keys and locale ids that do nothing', async () => {
    const site = await makeSite('basic', {
      'content/docs/guide/start.md': '---\ntitle: Start\n---\nWeiter zur [Zweite](./zweite seite.md).\n',
      'content/docs/guide/mdx.mdx': '---\ntitle: MDX\n---\nText.\n\n## Mit Leer {#mit leer}\n',
      'content/sidebars.ts':
        "export default {\n  docs: ['index', { type: 'category', label: 'Leitfaden', colapsed: false, items: ['guide/start', 'guide/mdx'] }],\n};\n",
    });
    try {
      const de = path.join(site.root, 'locales/de.json');
      await writeFile(de, (await readFile(de, 'utf8')).replace('"navbar.close"', '"navbar.clsoe"'));
      const { code, stderr } = await quire(site.root, 'build');
      expect(code).toBe(0);
      for (const line of [
        'warning Q036 content/docs/guide/start.md:4:12',
        'The link [Zweite](./zweite seite.md) is shown as text: its target has a space.',
        'hint: Write the space as %20 (./zweite%20seite.md), or put the target in <…>: [Zweite](<./zweite seite.md>).',
        'warning Q036 content/docs/guide/mdx.mdx:6:1',
        'The heading id {#mit leer} is shown as part of the heading',
        'hint: Write {#mit-leer}.',
        'warning Q040 content/sidebars.ts:2:59',
        'Sidebar item docs › 2 (category "Leitfaden") has an unknown key colapsed; it is ignored.',
        'hint: Did you mean collapsed? A category item takes type, label, items, collapsed, collapsible, className, link, description, customProps, key.',
        'warning Q091 locales/de.json:6:3',
        '"navbar.clsoe" is not a message id of locales/en.json: probably navbar.close misspelt',
      ]) {
        expect(stderr).toContain(line);
      }
      expect(stderr).not.toContain('lacks 1 interface text');
      expect(stderr).not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);
    } finally {
      await site.cleanup();
    }
  });

  it('errors: should build, with a warning, when the cache folder cannot be written', async () => {
    const site = await makeSite('basic');
    try {
      await writeFile(path.join(site.root, '.quire'), 'not a folder');
      const { code, stderr } = await quire(site.root, 'build');
      expect(code).toBe(0);
      expect(stderr).toContain('warning Q102 .quire/cache');
      expect(stderr).toContain(
        'The compile cache could not be written (ENOTDIR): the site was built, but the next build compiles every page again.',
      );
      expect(stderr).toContain('warning Q103 .quire/build.lock');
      expect(stderr).toMatch(/The build lock could not be taken \(E[A-Z]+\): this build ran without it/);
      expect(stderr).not.toContain('internal error');
      expect(stderr).toMatch(/^Built 12 pages in .*, 3 warning\(s\)$/m);
      expect(await readFile(path.join(site.root, 'dist/robots.txt'), 'utf8')).toContain('Sitemap:');
    } finally {
      await site.cleanup();
    }
  });

  it('errors: should not say the site was built when a failed build could not write its cache', async () => {
    const site = await makeSite('basic', { 'content/docs/guide/start.md': '---\ntitle: Start\n---\n\n[kaputt](/docs/gibt-es-nicht/)\n' });
    try {
      await writeFile(path.join(site.root, '.quire'), 'not a folder');
      const { code, stderr } = await quire(site.root, 'build');
      expect(code).toBe(1);
      expect(stderr).toContain('error Q060');
      expect(stderr).toContain('The compile cache could not be written (ENOTDIR): the next build compiles every page again.');
      expect(stderr).not.toContain('the site was built');
    } finally {
      await site.cleanup();
    }
  });

  it('errors: should build successfully and print a one-line summary', async () => {
    const site = await makeSite('basic');
    try {
      const { code, stderr } = await quire(site.root, 'build', '--no-cache');
      expect(code).toBe(0);
      expect(stderr).toMatch(/^Built 12 pages in \d+\.\d\d s → \S+dist \(\d+ files, \d+ kB\)$/m);
      expect(stderr).toMatch(/^render +\d+ ms {2}12 pages$/m);
    } finally {
      await site.cleanup();
    }
  });

  it('errors: should answer --help and --version', async () => {
    const help = await run(process.execPath, [path.join(repoRoot, 'lib/quire.js'), 'build', '--help']);
    expect(help.stdout).toContain('--out <dir>');
    expect(help.stdout).toContain('--locale <code>');
    const version = await run(process.execPath, [path.join(repoRoot, 'lib/quire.js'), '--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('errors: should name a mistyped option, a project folder that is not there and a bad base path, and point to --help', async () => {
    const cli = async (...args: string[]) => {
      try {
        return {
          code: 0,
          ...(await run(process.execPath, [path.join(repoRoot, 'lib/quire.js'), ...args], {
            env: { ...process.env, CI: '1', NO_COLOR: '1' },
          })),
        };
      } catch (e) {
        return e as { code: number; stderr: string };
      }
    };
    const typo = await cli('build', '--outt', 'x');
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      "error: unknown option '--outt'\n(Did you mean --out?)\n(run quire --help, or quire <command> --help, for what is available)",
    );
    const missing = path.join(os.tmpdir(), 'quire-gibt-es-nicht');
    const root = await cli('--root', missing, 'build');
    expect(root.code).toBe(1);
    expect(root.stderr.trim()).toBe(`error: the project folder ${missing} does not exist or is not a folder (--root).`);
    const base = await cli('serve', '--base', 'https://example.org/de/');
    expect(base.code).toBe(1);
    expect(base.stderr).toContain('"https://example.org/de/" is not a base path (such as /de/).');
  });
});
