import type { DiagnosticCode, Severity } from './diagnostics.ts';
import { unfitPropMessage } from './shared/component-props.ts';
import { shortUrl, type UnsafeFinding, type UnsafePlace } from './shared/url-policy.ts';

/**
 * One case of a code: its severity, its message made from the data a call site passes, and its hint (text, or
 * made from the same data). The data's type is the message builder's parameter, so a call site that passes the
 * wrong shape does not type-check.
 */
export interface Case<D> {
  severity: Severity;
  message: (data: D) => string;
  /** What to do about it; a builder may return undefined when the data gives nothing to suggest. */
  hint?: string | ((data: D) => string | undefined);
}

/** The first ten names, then how many more: `a, b, … and 3 more`. */
function listed(names: readonly string[]): string {
  return `${names.slice(0, 10).join(', ')}${names.length > 10 ? ` and ${names.length - 10} more` : ''}`;
}

/** Names sorted, the first forty, then how many more. */
function sortedList(names: Iterable<string>): string {
  const sorted = [...names].sort();
  return sorted.length > 40 ? `${sorted.slice(0, 40).join(', ')} and ${sorted.length - 40} more` : sorted.join(', ');
}

/** The first eight ids, then how many more. */
function firstEight(ids: readonly string[]): string {
  return ids.slice(0, 8).join(', ') + (ids.length > 8 ? ` and ${ids.length - 8} more` : '');
}

function takesHint(name: string, takes: readonly string[]): string {
  return takes.length ? `<${name}> takes ${sortedList(takes)}.` : `<${name}> takes no props.`;
}

function didYouMean(meant: string | undefined): string {
  return meant ? ` (did you mean ${meant}?)` : '';
}

const STATIC_CLASH_HINT = 'Rename or move the static file; static/ is for files the site serves as they are.';

const OWN_FOLDER_HINT = 'Build into a folder of its own: a new one, or one an earlier build wrote (the default is dist).';

const PAGEFIND_HINT =
  'Reinstall the dependencies (npm ci) so the "pagefind" package brings its binary for this platform, or set search.provider to "hosted".';

const MDX_AS_COMMONMARK_HINT = 'Name the file .mdx, or set markdown.format to mdx in the config (Docusaurus 3 reads .md files as MDX).';

const CODE_OPTIONS_HINT = 'A code block takes title="…", {1,3-5} and showLineNumbers (or showLineNumbers=5).';

/** Where to look when esbuild's notes on a module say nothing that applies here. */
const MODULE_HINT =
  'Check the path (relative to the file, or @site/… from the project root) and that npm packages are installed (npm install).';

function leftOutText(page: string | undefined): string {
  return page === undefined ? '' : ` The React page ${page} is left out of the site.`;
}

/** What is wrong with a front matter field (load reads it from the schema's issue). */
export type FieldProblem = { kind: 'type'; expected: string } | { kind: 'empty' } | { kind: 'date' } | { kind: 'other'; message: string };

function fieldProblemText(p: FieldProblem): string {
  switch (p.kind) {
    case 'type':
      return `expected ${p.expected}`;
    case 'empty':
      return 'must not be empty';
    case 'date':
      return 'expected a date written YYYY-MM-DD (e.g. 2024-05-01)';
    case 'other':
      return p.message;
  }
}

/** What is wrong with a config value (config/index.ts reads it from the schema's issue); `got` is the value written. */
export type ConfigProblem =
  | { kind: 'type'; expected: string; got: unknown }
  | { kind: 'url'; got: unknown }
  | { kind: 'length'; minimum: number }
  | { kind: 'only'; value: string; got: unknown }
  | { kind: 'accepted'; accepted: string; got: unknown }
  | { kind: 'bound'; atLeast?: string; atMost?: string; got: unknown }
  | { kind: 'other'; message: string };

function configProblemText(p: ConfigProblem): string {
  switch (p.kind) {
    case 'type':
      return `expected ${p.expected}, got ${p.got === undefined ? 'nothing (the key is missing)' : describeValue(p.got)}`;
    case 'url':
      return `expected a full address such as https://example.org, got ${describeValue(p.got)}`;
    case 'length':
      return p.minimum === 1 ? 'must not be empty' : `must be at least ${p.minimum} characters long`;
    case 'only':
      return `only ${p.value} is supported, got ${describeValue(p.got)}`;
    case 'accepted':
      return `expected ${p.accepted}, got ${describeValue(p.got)}`;
    case 'bound':
      return `expected a number ${p.atLeast !== undefined ? `of at least ${p.atLeast}` : `of at most ${p.atMost}`}, got ${describeValue(p.got)}`;
    case 'other':
      return p.message;
  }
}

/** A value as a message names it: `null`, `an array`, `the string "…"`, `number 7`. */
function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

/**
 * Why a link reaches nothing: its target is a draft (the draft's file), a React page quire left out as it cannot
 * build its code (the page's file, named by a Q039 warning), or nothing is there (what was looked for).
 */
export type LinkWhy = { draft: string } | { leftOut: string } | { missing: string };

function whyText(why: LinkWhy): string {
  if ('draft' in why) return `the page is a draft (${why.draft}), which production builds leave out`;
  if ('leftOut' in why) return `the React page ${why.leftOut} is left out of the site, as quire cannot build its code (Q039)`;
  return `no page or file at ${why.missing}`;
}

/**
 * What the writer of a broken link most likely meant (plan/links.ts finds it): the path without the base path, a
 * draft to publish, the nearest page or file; or, with nothing near, how a file link or a site path is written.
 */
export type LinkHint =
  | { kind: 'base'; path: string }
  | { kind: 'draft' }
  | { kind: 'leftOut' }
  | { kind: 'near'; path: string }
  | { kind: 'fileLink' }
  | { kind: 'sitePath' };

function linkHintText(hint: LinkHint): string {
  switch (hint.kind) {
    case 'base':
      return `The base path is added for you: write ${hint.path}.`;
    case 'draft':
      return 'Remove draft: true from that page to publish it, or leave the link out until then.';
    case 'leftOut':
      return "The page's Q039 warnings name the imports quire does not provide: the link works once the page builds.";
    case 'near':
      return `Did you mean ${hint.path}?`;
    case 'fileLink':
      return "A link to a page's file is relative to the linking file, e.g. ./start.md or ../faq.mdx.";
    case 'sitePath':
      return 'Links are site paths without the base path, e.g. /docs/faq/.';
  }
}

/** The cases of a code. */
export type CasesOf<C extends keyof typeof CATALOGUE> = (typeof CATALOGUE)[C]['cases'];

/** The data a case's call sites pass. */
export type DataOf<C> = C extends Case<infer D> ? D : never;

/**
 * Declares a case; `D` is read from the message builder's parameter (none: the call site passes `{}`). NoInfer keeps
 * the catalogue's own type (`Case<never>`) from being taken for `D`.
 */
/** Q064's first sentence: what is refused and why. */
function unsafeThing(d: UnsafeFinding): string {
  switch (d.kind) {
    case 'scriptUrl':
      return `A ${d.scheme}: address is not published (${shortUrl(d.url)}): it runs code in the visitor's browser.`;
    case 'svgData':
      return `An SVG data: address is not published (${shortUrl(d.url)}): an SVG can hold scripts.`;
    case 'data':
      return `A data: address is not published here (${shortUrl(d.url)}): ${
        d.place === 'image'
          ? 'only PNG, JPEG, GIF, WebP and AVIF images are published as data: URLs'
          : 'outside an image a data: URL opens as a document of its own'
      }.`;
    case 'handler':
      return `An inline event handler is not published (${d.name}="${shortUrl(d.value)}"): it runs code in the visitor's browser. It is on <${d.tag}>.`;
    case 'script':
      return `A <script> is not published${d.src ? ` (src="${shortUrl(d.src)}")` : ''}: it runs code in the visitor's browser. Only a JSON data block (type="application/ld+json") is.`;
    case 'noscriptClosed':
      return `HTML inside <noscript> closes it (${shortUrl(d.closing)}): browsers that run scripts read what follows as markup, outside the <noscript>.`;
    case 'unfinishedTag':
      return `The HTML ends inside a tag (${shortUrl(d.rest)}): the page's own markup would become part of it.`;
  }
}

/** Q064's sentence for each place a refused thing sits in. */
function unsafePlace(p: UnsafePlace): string {
  switch (p.kind) {
    case 'attribute':
      return `It is the ${p.attribute}${p.component ? ' prop' : ''} of <${p.tag}>.`;
    case 'refresh':
      return `It is the refresh address in the content of <${p.tag}>.`;
    case 'srcdoc':
      return `This is in the srcdoc of <${p.tag}>.`;
    case 'markdown':
      return `It is the ${p.node === 'image' ? 'source of a Markdown image' : p.node === 'link' ? 'target of a Markdown link' : 'target of a link definition'}.`;
  }
}

const SCRIPT_HINT = "Link to a page or an https:// address; interactive parts belong in the theme's components.";
const CODE_HINT = "Interactive parts belong in a theme component or the site's client code (src/client/), not in the page's HTML.";
/** What to write instead, by what was refused. */
const UNSAFE_HINTS: Record<UnsafeFinding['kind'], string> = {
  scriptUrl: SCRIPT_HINT,
  svgData: 'Put the SVG in static/ (or next to the page) and refer to its path.',
  data: 'Put the file in static/ (or next to the page) and refer to its path.',
  handler: CODE_HINT,
  script: CODE_HINT,
  noscriptClosed: 'Write < inside a <noscript> as &lt;, or leave the <noscript> out.',
  unfinishedTag: 'End the tag with > (and close its quotes).',
};

function kase<D = Record<string, never>>(c: Case<D>): Case<NoInfer<D>> {
  return c;
}

/**
 * What a code means: its title, whether it stops the build, what it covers (README's table is made of these),
 * and its cases, each with its message and hint.
 */
export interface CatalogueEntry {
  title: string;
  /** `error` stops the build; `warning` is reported; `either` depends on the case or on a setting. */
  severity: 'error' | 'warning' | 'either';
  /** What the code covers, in Markdown: what is reported, where, and what the message names. */
  about: string;
  /** The distinct messages of the code, by name: `report(CODES.BROKEN_LINK, 'imageMissing', { file }, place)`. */
  cases: Record<string, Case<never>>;
}

/**
 * The catalogue of diagnostic codes, one entry per code of `CODES` (the type checks that none is missing), in
 * the manner of Astro's errors-data.ts: each code with its title and its cases' messages and hints, so call sites
 * pass data and a place, never prose. README's "Diagnostic codes" table is generated from it
 * (`node scripts/diagnostics-table.mjs`), and a test fails when the two differ.
 */
export const CATALOGUE = {
  Q001: {
    title: 'Configuration cannot be loaded',
    severity: 'either',
    about:
      "the site configuration file (`site.config.ts`, or a Docusaurus project's `docusaurus.config.*`) is missing, cannot run (at the line that failed), or exports no configuration, or a third-party preset it names fails when run (at its key); warning: a Docusaurus config imports a package the project has not installed (at the import), which is read as empty",
    cases: {
      unreadable: kase({
        severity: 'error',
        message: (d: { file: string; root: string }) => `Cannot read the site configuration ${d.file}.`,
        hint: (d) =>
          d.file === 'site.config.ts'
            ? 'Run quire in the project folder (or pass --root), or name the file with --config.'
            : `There is no ${d.file} in ${d.root}; --config names a file relative to the project folder.`,
      }),
      /** esbuild's own message for a config it cannot compile, at its place. */
      compile: kase({ severity: 'error', message: (d: { text: string }) => d.text }),
      evaluation: kase({
        severity: 'error',
        message: (d: { docusaurus: boolean; reason: string }) =>
          `The ${d.docusaurus ? 'Docusaurus' : 'site'} configuration could not be evaluated: ${d.reason}`,
      }),
      noDefaultExport: kase({
        severity: 'error',
        message: (d: { file: string }) => `${d.file} has no default export.`,
        hint: 'End it with export default { title: …, url: …, … }.',
      }),
      notAnObject: kase({
        severity: 'error',
        message: (d: { file: string; got: string }) =>
          `${d.file} must export a config object (export default { title: …, url: …, baseUrl: … }), not ${d.got}.`,
        hint: 'End it with export default config; (or module.exports = config;).',
      }),
      packageMissing: kase({
        severity: 'warning',
        message: (d: { importer: string; name: string }) =>
          `${d.importer} imports the package ${d.name}, which is not installed in the project: what it gives is read as empty.`,
        hint: (d) => `Run npm install in the project if a setting quire reads takes its value from ${d.name}.`,
      }),
      presetFailed: kase({
        severity: 'error',
        message: (d: { keyPath: string; name: string; reason: string }) =>
          `The preset ${d.name} (${d.keyPath}) failed when quire ran it for the plugins and themes it stands for: ${d.reason}`,
        hint: 'quire calls a preset it does not know by name as Docusaurus does, with the site context and its options; it must return { plugins, themes }.',
      }),
      editUrlFailed: kase({
        severity: 'error',
        message: (d: { keyPath: string; page: string; reason: string }) =>
          `The editUrl function (${d.keyPath}) failed for ${d.page}: ${d.reason}`,
        hint: 'quire calls it once for each page file when it reads the config, with the arguments Docusaurus gives it.',
      }),
    },
  },
  Q002: {
    title: 'Invalid configuration value',
    severity: 'error',
    about:
      "a configuration value of the wrong kind, named by its key path with what is accepted: the type, `'ALL' or a number`, `only true is supported`; a docs version that `lastVersion`, `onlyIncludeVersions` or `versions` names and the project does not have; two docs plugin instances with the same `id` or `routeBasePath`, a navbar item's `docsPluginId` that names no docs instance; a `versions.json` that is not a list of names",
    cases: {
      value: kase({
        severity: 'error',
        message: (d: { keyPath: string; problem: ConfigProblem }) =>
          `Invalid config value at ${d.keyPath}: ${configProblemText(d.problem)}`,
      }),
      announcementUnbalanced: kase({
        severity: 'error',
        message: (d: { unbalanced: string }) => `The announcement's HTML ${d.unbalanced}: the rest of every page would end up inside it.`,
        hint: 'Close each tag you open: <a href="/deals/">Angebot</a>.',
      }),
      copyrightUnbalanced: kase({
        severity: 'error',
        message: (d: { unbalanced: string }) =>
          `The footer's copyright HTML ${d.unbalanced}: the rest of the footer would end up inside it.`,
        hint: 'Close each tag you open: © 2025 <a href="https://example.org/">Example</a>.',
      }),
      footerHtmlUnbalanced: kase({
        severity: 'error',
        message: (d: { unbalanced: string }) => `This footer item's HTML ${d.unbalanced}: the rest of the footer would end up inside it.`,
        hint: 'Close each tag you open: <a href="https://example.org/"><img src="/img/badge.svg" alt="Badge" /></a>.',
      }),
      navbarHtmlUnbalanced: kase({
        severity: 'error',
        message: (d: { unbalanced: string }) => `This navbar item's HTML ${d.unbalanced}: the rest of the page would end up inside it.`,
        hint: 'Close each tag you open: <a href="https://github.com/org/repo" aria-label="GitHub"><svg …></svg></a>.',
      }),
      unknownLocale: kase({
        severity: 'error',
        message: (d: { locale: string; locales: readonly string[] }) =>
          `Unknown locale "${d.locale}". Configured locales: ${d.locales.join(', ')}.`,
      }),
      defaultLocaleMissing: kase({
        severity: 'error',
        message: (d: { locale: string }) => `defaultLocale "${d.locale}" is not in i18n.locales.`,
      }),
      unknownDocsVersion: kase({
        severity: 'error',
        message: (d: { keyPath: string; name: string; versions: readonly string[] }) =>
          `${d.keyPath} names the docs version "${d.name}", which is not one of the site's: ${d.versions.join(', ')}.`,
        hint: 'Docs versions are "current" (the docs folder) and the names versions.json lists.',
      }),
      docsInstanceClash: kase({
        severity: 'error',
        message: (d: { keyPath: string; key: 'id' | 'routeBasePath'; value: string; first: string }) =>
          `${d.keyPath}: two docs plugin instances have the ${d.key} "${d.value}" (the first at ${d.first}).`,
        hint: (d) =>
          d.key === 'id'
            ? 'Give each @docusaurus/plugin-content-docs in plugins its own id; the preset\'s docs are "default".'
            : 'Give each docs instance its own routeBasePath: their pages would have the same URLs.',
      }),
      unknownDocsPlugin: kase({
        severity: 'error',
        message: (d: { keyPath: string; name: string; ids: readonly string[]; meant?: string }) =>
          `${d.keyPath} names the docs plugin "${d.name}", which the config does not have${didYouMean(d.meant)}; its docs plugins: ${d.ids.length ? d.ids.join(', ') : 'none'}.`,
        hint: 'docsPluginId is the id of a @docusaurus/plugin-content-docs in plugins, or "default" for the preset\'s docs.',
      }),
      versionsFile: kase({
        severity: 'error',
        message: (d: { file: string; problem: string }) => `${d.file} must be a list of version names, newest first: ${d.problem}`,
        hint: 'Write it as Docusaurus does: ["2.0", "1.0"].',
      }),
    },
  },
  Q003: {
    title: 'Unknown configuration key',
    severity: 'warning',
    about:
      "a config key quire does not know (`onBrokenLink`), named by its key path with the nearest known key; it is ignored and the default stays in force. In a Docusaurus config: every setting quire does not read, named in one warning (`themeConfig.prism`, `themeConfig.navbar.items.*.position`, an `html` item in a navbar dropdown), and the parts of the built locale's translations in `i18n/<locale>/` that are not read (another plugin's texts, Docusaurus's theme texts in `code.json`, a translated file that translates no file), the files of `src/theme/` that replace parts of Docusaurus's theme quire draws itself, and what `src/theme/MDXComponents` adds that quire does not use (HTML elements it replaces) or cannot read without running it; the versions of a docs plugin instance other than the preset's (`<id>_versions.json`), of which only the current docs are built; a docs folder quire builds where the config lists the classic plugins without the docs plugin",
    cases: {
      unknownKey: kase({
        severity: 'warning',
        message: (d: { keyPath: string; meant?: string }) => `Unknown config key ${d.keyPath}; it is ignored.`,
        hint: (d) => (d.meant ? `Did you mean ${d.meant}?` : undefined),
      }),
      docsInstanceVersions: kase({
        severity: 'warning',
        message: (d: { id: string; file: string; dir: string }) =>
          `The docs plugin "${d.id}" has versions (${d.file}), which quire does not build for a docs plugin besides the preset's: only its current docs (${d.dir}/) are built.`,
        hint: "Versioned docs are built for the preset's docs (versions.json); the other versions of this plugin are left out of the site.",
      }),
      docsOff: kase({
        severity: 'warning',
        message: () => 'The docs plugin is turned off (docs: false), which quire does not support yet: the docs folder is read if present.',
      }),
      docsPluginAbsent: kase({
        severity: 'warning',
        message: (d: { dir: string }) =>
          `The config lists the classic plugins one by one, without the docs plugin, so Docusaurus builds no docs; quire does not support a site without docs yet, and builds ${d.dir}/ all the same.`,
        hint: 'Add @docusaurus/plugin-content-docs to plugins, or move the folder away if it holds no docs.',
      }),
      swizzledUnused: kase({
        severity: 'warning',
        message: (d: { folder: string; names: readonly string[] }) =>
          `${d.folder}/ replaces parts of Docusaurus's theme that quire draws with its own: ${d.names.join(', ')}. These files are used only where the project's own code imports them (@theme/${d.names[0]}), not around its pages.`,
        hint: 'README "Coming from Docusaurus" says what the theme draws; move what a replaced part adds into the content or a component the pages import.',
      }),
      mdxComponentsElements: kase({
        severity: 'warning',
        message: (d: { file: string; names: readonly string[] }) =>
          `${d.file} maps lowercase names (HTML elements) to components of its own: ${d.names.join(', ')}. quire draws these elements itself, so MDX pages keep quire's; the components it adds under capitalised names are used.`,
        hint: 'Write the change as a component of its own (a capitalised key) that pages use by name, or as CSS.',
      }),
      mdxComponentsUnread: kase({
        severity: 'warning',
        message: (d: { file: string; reason: string }) =>
          `quire reads the components ${d.file} adds without running it, and ${d.reason}: pages using a component only it adds get Q032.`,
        hint: 'Export an object written in the file (export default { ...MDXComponents, Highlight }), each component under its own key.',
      }),
      docusaurusUnsupported: kase({
        severity: 'warning',
        message: (d: { file: string; keys: readonly string[] }) =>
          `quire does not support these settings of ${d.file}, so they do not change the site:\n${d.keys.map((k) => `- ${k}`).join('\n')}`,
        hint: 'README "Coming from Docusaurus" lists what quire reads and what it does differently.',
      }),
      translationsUnread: kase({
        severity: 'warning',
        message: (d: { folder: string; parts: readonly string[] }) =>
          `quire does not read these translations in ${d.folder}/, so the site shows the untranslated text there:\n${d.parts.map((p) => `- ${p}`).join('\n')}`,
        hint: 'README "Coming from Docusaurus" says which translation files quire reads.',
      }),
      oneLocalePerBuild: kase({
        severity: 'warning',
        message: (d: { built: string; others: readonly string[] }) =>
          `This build is the ${d.built} site only: quire builds one locale per run, where docusaurus build makes every locale of i18n.locales, the others under ${d.others.map((l) => `/${l}/`).join(', ')}.`,
        hint: (d) =>
          `Build the others with quire build --locale ${d.others[0]} --out <folder> and put that folder's ${d.others[0]}/ beside this build's pages, as Docusaurus lays them out.`,
      }),
      editUrlPermalink: kase({
        severity: 'warning',
        message: (d: { keyPath: string; pages: readonly string[] }) =>
          `The editUrl function (${d.keyPath}) reads the page's permalink, which quire does not know when it reads the config, so ${d.pages.length} page(s) show no "Edit this page" link: ${d.pages.slice(0, 3).join(', ')}${d.pages.length > 3 ? ', …' : ''}.`,
        hint: 'Build the address from docPath (blogPath for posts) and versionDocsDirPath, or give editUrl as a string.',
      }),
      editUrlNotAddress: kase({
        severity: 'warning',
        message: (d: { keyPath: string; pages: readonly string[]; value: string }) =>
          `The editUrl function (${d.keyPath}) returns something other than a web address for ${d.pages.length} page(s) (${d.pages.slice(0, 3).join(', ')}${d.pages.length > 3 ? ', …' : ''}: "${d.value}"), so they show no "Edit this page" link.`,
        hint: 'Docusaurus passes the text on to its theme, and a swizzled DocItem/Footer may read it; quire draws its own link and needs an http or https address there.',
      }),
      lastUpdateNoGit: kase({
        severity: 'warning',
        message: (d: { keyPath: string; reason: string }) =>
          `${d.keyPath} needs the project's git history, which could not be read (${d.reason}): pages show a last update only where front matter gives last_update.`,
        hint: 'Build in a git clone of the project with git installed; a shallow clone (CI) needs its full history (fetch-depth: 0).',
      }),
      lastUpdateUntracked: kase({
        severity: 'warning',
        message: (d: { keyPath: string; files: readonly string[] }) =>
          `${d.keyPath}: ${d.files.length} page file(s) have no commit in git yet, so they show no last update: ${d.files.slice(0, 3).join(', ')}${d.files.length > 3 ? ', …' : ''}.`,
        hint: 'Commit them, or give last_update: { date, author } in their front matter.',
      }),
      lastUpdateShallow: kase({
        severity: 'warning',
        message: (d: { keyPath: string }) =>
          `${d.keyPath}: the project is a shallow git clone, so a page last changed before its oldest commit shows that commit's date and author.`,
        hint: 'Clone with the full history (git fetch --unshallow; in GitHub Actions, fetch-depth: 0).',
      }),
    },
  },
  Q004: {
    title: "Project's remark or rehype plugin",
    severity: 'either',
    about:
      'a remark or rehype plugin a Docusaurus config gives its docs, blog or pages (`remarkPlugins`, `rehypePlugins`, and their `beforeDefault…` lists), named with its key path: error when it cannot be loaded for compiling or throws on a page (at the page, and at the place the plugin gives), or when code of the project throws later, outside any page’s work (a timer or promise of its own: at that place in the code, and the build stops); warning for each message the plugin reports on a page (`file.message`), at its place',
    cases: {
      load: kase({
        severity: 'error',
        message: (d: { config: string; reason: string }) =>
          `The remark and rehype plugins of ${d.config} could not be loaded for compiling: ${d.reason}`,
        hint: 'The config ran when the build started; check that it gives the same plugins each time it runs.',
      }),
      failed: kase({
        severity: 'error',
        message: (d: { name: string; keyPath: string; config: string; reason: string }) =>
          `The plugin ${d.name} (${d.keyPath} in ${d.config}) failed on this page: ${d.reason}`,
        hint: "The error comes from the project's plugin: check its options and the page, or take it out of the config to build without it.",
      }),
      message: kase({
        severity: 'warning',
        message: (d: { name: string; keyPath: string; reason: string }) => `${d.name}: ${d.reason}`,
        hint: (d) => `Reported by the project's plugin at ${d.keyPath}.`,
      }),
      stray: kase({
        severity: 'error',
        message: (d: { reason: string }) =>
          `The project's code threw outside any page's work (a timer or promise of its own, after quire handed it a page), so the build stopped: ${d.reason}`,
        hint: 'Look at the code at this place (a plugin that waits for something with a time limit of its own, or a request that fails); the output folder stays as the last build left it.',
      }),
      strayDev: kase({
        severity: 'error',
        message: (d: { reason: string }) =>
          `The project's code threw outside any page's work (a timer or promise of its own, after quire handed it a page): ${d.reason}`,
        hint: 'Look at the code at this place (a plugin that waits for something with a time limit of its own, or a request that fails); quire dev goes on serving the pages it built, and the next edit builds again.',
      }),
    },
  },
  Q005: {
    title: "Project's stylesheet cannot be bundled",
    severity: 'error',
    about:
      "a stylesheet the config adds to every page (`styles`; a Docusaurus config's `theme.customCss`) that esbuild cannot bundle, at the line of the problem: a relative `url()` or `@import` naming a file that is not there, a rule it cannot read",
    cases: {
      bundle: kase({
        severity: 'error',
        message: (d: { text: string }) => `The project's stylesheet could not be bundled: ${d.text}`,
        hint: "These stylesheets are bundled after the theme's; a url(/…) is a site path (a static file), other URLs are files next to the stylesheet.",
      }),
    },
  },
  Q010: {
    title: 'Content missing',
    severity: 'either',
    about:
      'the content folder, the docs folder or the main doc (`docs.mainDocId`; a Docusaurus project needs none) or the folder of a docs version (`versioned_docs/version-<name>/`) or of another docs plugin instance (its `path`) is missing; warning: a React page (`src/pages/*.js`) quire does not render yet is left out of the site',
    cases: {
      contentFolder: kase({
        severity: 'error',
        message: () => 'The content folder is missing.',
        hint: 'Create content/docs/index.mdx (the docs home) to start.',
      }),
      docsFolder: kase({
        severity: 'error',
        message: (_d: { dir: string; mainDocId: string }) => 'The docs folder is missing.',
        hint: (d) => `Create ${d.dir}/${d.mainDocId}.mdx.`,
      }),
      mainDoc: kase({
        severity: 'error',
        message: (d: { id: string; docs: string }) => `The main doc "${d.id}" does not exist.`,
        hint: (d) => `Create ${d.docs}/${d.id}.mdx.`,
      }),
      instanceFolder: kase({
        severity: 'error',
        message: (d: { id: string; dir: string }) => `The docs of the docs plugin "${d.id}" are missing: there is no ${d.dir}/.`,
        hint: (d) => `Create ${d.dir}/, or correct the plugin's path option.`,
      }),
      versionFolder: kase({
        severity: 'error',
        message: (d: { name: string; dir: string }) => `The docs of version ${d.name} are missing: there is no ${d.dir}/.`,
        hint: 'Each name in versions.json has its docs in versioned_docs/version-<name>/ (docusaurus docs:version <name> makes them).',
      }),
    },
  },
  Q011: {
    title: 'File unreadable',
    severity: 'error',
    about: 'a file or folder of the project cannot be read',
    cases: {
      file: kase({
        severity: 'error',
        message: (d: { reason: string }) => `Cannot read this file: ${d.reason}.`,
        hint: 'Check its permissions.',
      }),
      folder: kase({
        severity: 'error',
        message: (d: { reason: string }) => `Cannot read this folder: ${d.reason}.`,
        hint: 'Check its permissions; the files in it would be missing from the site.',
      }),
    },
  },
  Q012: {
    title: 'File not text',
    severity: 'error',
    about: 'a content, data or locale file is binary or not UTF-8',
    cases: {
      binary: kase({
        severity: 'error',
        message: (d: { what: string }) =>
          `This file is not UTF-8 text, so it cannot be read as ${d.what}. It looks binary (it contains NUL bytes).`,
        hint: 'Binary files belong in static/, or next to the page as images.',
      }),
      notUtf8: kase({
        severity: 'error',
        message: (d: { what: string }) => `This file is not UTF-8 text, so it cannot be read as ${d.what}.`,
        hint: 'Save it as UTF-8.',
      }),
    },
  },
  Q013: {
    title: 'Hidden static file',
    severity: 'warning',
    about: 'hidden files in `static/` (a name or folder starting with a dot: `.env`, `.DS_Store`) are not published; `.well-known/` is',
    cases: {
      hidden: kase({
        severity: 'warning',
        message: (d: { folder: string; names: readonly string[] }) => `Hidden files in ${d.folder}/ are not published: ${listed(d.names)}.`,
        hint: 'A file whose name (or folder) starts with a dot is often private (.env) or left by a tool (.DS_Store). Rename it to publish it; .well-known/ is published.',
      }),
    },
  },
  Q014: {
    title: 'Symbolic link skipped',
    severity: 'warning',
    about:
      'symbolic links in the project (`content/`, `static/`, data, locales) are not followed, so what they point to is not part of the site (`quire dev` does not serve one added while it runs either)',
    cases: {
      links: kase({
        severity: 'warning',
        message: (d: { names: readonly string[] }) =>
          `Symbolic links are not followed, so these are not part of the site: ${listed(d.names)}.`,
        hint: 'A link could publish any file of the machine. Copy the file into the project instead.',
      }),
    },
  },
  Q020: {
    title: 'Front matter is not YAML',
    severity: 'error',
    about:
      "front matter is not valid YAML: an unclosed quote at the line that opens it; a value YAML reads as markup, such as `title: Tipp: So geht's`, with the line written with quotes; front matter without its closing `---`, naming its last field; front matter below blank lines, at its `---`",
    cases: {
      unclosed: kase({
        severity: 'error',
        message: (_d: { last?: { key: string; line: number } }) =>
          'The front matter that starts here is never closed: a line of --- must end it.',
        hint: (d) =>
          d.last
            ? `Add a line with --- after the last field (${d.last.key}: …, line ${d.last.line}).`
            : 'Add a line with --- after the last field.',
      }),
      late: kase({
        severity: 'error',
        message: (d: { blankLines: number }) =>
          `Front matter must start on the first line: with ${d.blankLines === 1 ? 'a blank line' : `${d.blankLines} blank lines`} above it, this --- block is shown as page text.`,
        hint: (d) => `Remove the ${d.blankLines === 1 ? 'blank line' : `${d.blankLines} blank lines`} above ---.`,
      }),
      /** What front-matter-yaml.ts says of js-yaml's error, at the place to fix; the hint comes from front-matter-hints.ts. */
      yaml: kase({
        severity: 'error',
        message: (d: { reason: string; hint?: string }) => `Invalid YAML front matter: ${d.reason}`,
        hint: (d) => d.hint,
      }),
    },
  },
  Q021: {
    title: 'Front matter field of the wrong type',
    severity: 'either',
    about:
      'a front matter field of the wrong type, with what to write: `keywords: [PDF, Export]`, `title: "2025"`; a blog author the authors file (`authors.yml`) lacks, with the nearest key; warning: a tag the tags file (`tags.yml`) lacks',
    cases: {
      notAMapping: kase({ severity: 'error', message: () => 'Front matter must be a YAML mapping (key: value lines).' }),
      /** `hint` is made from the value written (load/front-matter-hints.ts). */
      field: kase({
        severity: 'error',
        message: (d: { key: string; problem: FieldProblem; hint?: string }) =>
          `Invalid front matter field "${d.key}": ${fieldProblemText(d.problem)}`,
        hint: (d) => d.hint,
      }),
      fileNameDate: kase({
        severity: 'error',
        message: (d: { date: string }) => `The date in the file name, ${d.date}, does not exist.`,
        hint: 'Blog posts are named YYYY-MM-DD-slug.mdx with a real date, or give the date as front matter field date.',
      }),
      unknownAuthor: kase({
        severity: 'error',
        message: (d: { key: string; file: string; meant?: string }) => `The blog author "${d.key}" is not in ${d.file}.`,
        hint: (d) =>
          d.meant ? `Did you mean ${d.meant}?` : `Add ${d.key} to ${d.file}, or write the author inline: authors: [{ name: … }].`,
      }),
      unknownTag: kase({
        severity: 'warning',
        message: (d: { key: string; file: string; meant?: string }) => `The tag "${d.key}" is not in ${d.file}.`,
        hint: (d) => `Add it to ${d.file}${d.meant ? ` (did you mean ${d.meant}?)` : ''}.`,
      }),
    },
  },
  Q022: {
    title: 'Unknown front matter field',
    severity: 'warning',
    about:
      'a front matter field quire does not know, at its line: the nearest field for a typo (`titel` → `title`), what quire does instead for a Docusaurus-only field (`custom_edit_url`, `last_update`, …)',
    cases: {
      docusaurusOnly: kase({
        severity: 'warning',
        message: (d: { key: string; instead: string }) =>
          `Front matter field "${d.key}" is not used by quire (${d.instead}); it is ignored.`,
      }),
      unknown: kase({
        severity: 'warning',
        message: (d: { key: string; meant?: string; known: readonly string[] }) => `Unknown front matter field "${d.key}"; it is ignored.`,
        hint: (d) => (d.meant ? `Did you mean "${d.meant}"?` : `Known fields: ${[...d.known].sort().join(', ')}.`),
      }),
    },
  },
  Q023: {
    title: 'Blog post without a date',
    severity: 'warning',
    about:
      'a blog post without a date (neither `YYYY-MM-DD-` in its file name nor `date:` in its front matter): it is published undated, after the dated posts',
    cases: {
      undated: kase({
        severity: 'warning',
        message: () => 'This blog post has no date: it is published without one and listed after the dated posts.',
        hint: 'Name the file YYYY-MM-DD-slug.md, or give the date as front matter field date: YYYY-MM-DD.',
      }),
    },
  },
  Q024: {
    title: 'Blog post without a truncate marker',
    severity: 'either',
    about:
      "blog posts without a truncate marker (`<!-- truncate -->`, `{/* truncate */}`), which a list of posts shows whole or by its description (the blog setting `untruncatedInList`): one warning naming them, or an error (the blog setting `onUntruncatedPosts`, a Docusaurus project's `onUntruncatedBlogPosts`)",
    cases: {
      untruncated: kase({
        severity: 'warning',
        message: (d: { files: string[]; whole: boolean }) =>
          `${d.files.length === 1 ? 'This blog post has' : `${d.files.length} blog posts have`} no truncate marker, so the lists of posts show ${d.files.length === 1 ? 'it' : 'them'} ${d.whole ? 'whole' : 'by the description'}: ${d.files.join(', ')}.`,
        hint: 'Put <!-- truncate --> (Markdown) or {/* truncate */} (MDX) after the part the lists should show, or set the blog option onUntruncatedPosts (Docusaurus: onUntruncatedBlogPosts) to ignore.',
      }),
    },
  },
  Q025: {
    title: 'Blog post with inline authors',
    severity: 'either',
    about:
      "a blog post that names an author in its front matter (`authors: [{ name: …, url: … }]`) instead of by a key of the authors file: a warning per post, or an error (the blog setting `onInlineAuthors`, a Docusaurus project's, `warn` by default as in Docusaurus)",
    cases: {
      inline: kase({
        severity: 'warning',
        message: (d: { names: string[]; file?: string }) =>
          `This blog post names ${d.names.length === 1 ? 'an author' : `${d.names.length} authors`} inline, not by a key of ${d.file ?? 'an authors file'}: ${d.names.join(', ')}.`,
        hint: 'Describe each author once in the authors file (authors.yml) and name them by key in the post, or set the blog option onInlineAuthors to ignore.',
      }),
    },
  },
  Q030: {
    title: 'MDX cannot be compiled',
    severity: 'error',
    about: 'an `.mdx` file cannot be compiled, at the line and column of the problem',
    cases: {
      /** The parser's words (places in them turned into file lines); `note`: a hint the parser gave. */
      compile: kase({
        severity: 'error',
        message: (d: { reason: string; note?: string }) => `Could not compile MDX: ${d.reason}`,
        hint: (d) => d.note ?? 'In MDX, write { } < as \\{ \\} &lt; outside code, and close every tag.',
      }),
    },
  },
  Q031: {
    title: 'Markdown cannot be compiled',
    severity: 'error',
    about: 'a `.md` file cannot be compiled, at the line and column of the problem',
    cases: {
      compile: kase({
        severity: 'error',
        message: (d: { reason: string; note?: string }) => `Could not compile MD: ${d.reason}`,
        hint: (d) => d.note,
      }),
    },
  },
  Q032: {
    title: 'Unknown component',
    severity: 'error',
    about: "an unknown MDX component, at its first use, with the nearest component's name when it looks like a typo",
    cases: {
      unknown: kase({
        severity: 'error',
        message: (d: { name: string; meant?: string; known: Iterable<string> }) => `Unknown component <${d.name}>.`,
        hint: (d) => `${d.meant ? `Did you mean <${d.meant}>? ` : ''}Components available without import: ${sortedList(d.known)}.`,
      }),
    },
  },
  Q033: {
    title: 'Component prop',
    severity: 'either',
    about:
      'an MDX component used without a prop it needs (`<Figure>` without `src`), or with a quoted value its data file has no entry for (`<Stat id="…">`, `<SupportedSites list="…">`; the entries are listed): error at the use. An object or array written for a prop that wants a text or a number (`width={{a: 1}}`, `alt={[1, 2]}`): error at the prop. A prop the component does not take: warning, with the nearest prop\'s name',
    cases: {
      missingProp: kase({
        severity: 'error',
        message: (d: { name: string; prop: string; typo?: string; takes: readonly string[] }) => `<${d.name}> needs the prop ${d.prop}.`,
        hint: (d) => (d.typo ? `Did you mean ${d.prop} instead of ${d.typo}?` : takesHint(d.name, d.takes)),
      }),
      unknownProp: kase({
        severity: 'warning',
        message: (d: { name: string; prop: string; meant?: string; takes: readonly string[] }) =>
          `<${d.name}> does not take the prop ${d.prop}; it is left out.`,
        hint: (d) => (d.meant ? `Did you mean ${d.meant}?` : takesHint(d.name, d.takes)),
      }),
      unfitProp: kase({
        severity: 'error',
        message: (d: { name: string; prop: string; wants: string; got: string; written: string }) =>
          unfitPropMessage(d.name, d.prop, d.wants, d.got, d.written),
        hint: (d) => (d.wants === 'a number' ? `Write it as a number: ${d.prop}={800}.` : `Write it as a text in quotes: ${d.prop}="…".`),
      }),
      notANumber: kase({
        severity: 'error',
        message: (d: { name: string; prop: string; value: string }) => `<${d.name} ${d.prop}="${d.value}">: ${d.prop} is a number.`,
        hint: (d) => `Write it as a number: ${d.prop}={800}.`,
      }),
      outsideParent: kase({
        severity: 'error',
        message: (d: { name: string; parent: string; inside?: string }) =>
          `<${d.name}> shows only inside <${d.parent}>${d.inside ? `, not inside <${d.inside}>` : ''}.`,
        hint: (d) => `Put it in a <${d.parent}>.`,
      }),
      otherChildren: kase({
        severity: 'error',
        message: (d: { name: string; wanted: string; other: readonly string[] }) =>
          `<${d.name}> holds ${d.other.map((k) => (k === '#text' ? 'text' : `<${k}>`)).join(', ')}: only <${d.wanted}> elements show in it.`,
        hint: (d) => `Put the content into <${d.wanted}> elements.`,
      }),
      sameChildTwice: kase({
        severity: 'warning',
        message: (d: { name: string; wanted: string; unique: string; value: string }) =>
          `Two <${d.wanted}> in this <${d.name}> have the ${d.unique} "${d.value}": a reader cannot tell them apart.`,
      }),
      /** A prop that must name one of the children (`<Tabs defaultValue>`), by the first of the names they write. */
      namesNoChild: kase({
        severity: 'error',
        message: (d: { name: string; prop: string; value: string; child: string; by: string; names: readonly unknown[] }) =>
          `<${d.name} ${d.prop}="${d.value}">: none of its ${d.child.toLowerCase()}s has that ${d.by}.`,
        hint: (d) => `The ${d.by}s here: ${d.names.map((v) => `"${v}"`).join(', ')}.`,
      }),
      noEntry: kase({
        severity: 'error',
        message: (d: {
          name: string;
          prop: string;
          value: string;
          file: string;
          valid?: readonly string[];
          meant?: string;
          holds?: string;
        }) => `<${d.name} ${d.prop}="${d.value}">: content/data/${d.file}.json has no entry "${d.value}".`,
        hint: (d) =>
          d.valid
            ? `${d.meant ? `Did you mean "${d.meant}"? ` : ''}content/data/${d.file}.json has: ${sortedList(d.valid)}.`
            : d.holds === undefined
              ? `content/data/${d.file}.json is missing.`
              : `content/data/${d.file}.json is not an object of entries by name (it holds ${d.holds}).`,
      }),
    },
  },
  Q034: {
    title: 'Block left open',
    severity: 'warning',
    about:
      'a block left open, at the line that opened it: a code fence (the rest of the page became code), a `:::note` box (the following sections went into it), HTML in a `.md` file such as `<details>` (it took the rest of the page in)',
    cases: {
      codeFence: kase({
        severity: 'warning',
        message: (_d: { fence: string }) => 'The code block opened here is never closed: everything after it is shown as code.',
        hint: (d) => `End it with a line of ${d.fence}.`,
      }),
      box: kase({
        severity: 'warning',
        message: (d: { name: string }) => `The :::${d.name} box opened here is never closed: everything after it is inside the box.`,
        hint: 'End it with a line of :::.',
      }),
      /** `unbalanced` is html-balance's account of the element left open (`leaves <details> open`). */
      html: kase({
        severity: 'warning',
        message: (d: { unbalanced: string }) => `The HTML here ${d.unbalanced}: what follows ends up inside it.`,
        hint: 'Close each tag you open.',
      }),
    },
  },
  Q035: {
    title: 'Page past a limit',
    severity: 'error',
    about:
      'a page past a bound on its work (`limits`): lists and block quotes nested deeper than `limits.maxNesting` or more link brackets and emphasis marks in one paragraph than `limits.maxInlineMarkers`, at the line, found before the page is parsed; compiling it, or rendering MDX with code of its own, taking longer than `limits.pageTimeout` (a parser path that does not end, an endless loop in an `export` or a `{…}` expression: the page is stopped and named); running out of stack (nesting too deep, a function calling itself without end, at its line). One error for the page, never a stack trace; the build fails as with any error, `quire dev` shows it in its overlay and goes on',
    cases: {
      timeLimit: kase({
        severity: 'error',
        message: (d: { step: 'compile' | 'render'; page?: string; limit: string; hasCode: boolean }) =>
          `${d.step === 'compile' ? 'Compiling' : 'Rendering'} ${d.page ?? 'this page'} took longer than ${d.limit}, the time limit for a page; it was stopped.`,
        hint: (d) => {
          const look =
            d.step === 'render'
              ? d.hasCode
                ? "Look for a loop that never ends in the page's code (an export, a {…} expression) or in a component it uses."
                : 'Look for a component that never finishes on this page.'
              : 'Look for something repeated very many times: nested lists or tags, brackets, emphasis marks, a very long export or {…} expression.';
          return `${look} The limit is limits.pageTimeout in the site config (seconds).`;
        },
      }),
      waiting: kase({
        severity: 'error',
        message: (d: { limit: string }) =>
          `Compiling this page did not finish within ${d.limit}, the time limit for a page: it was still waiting on a promise (a project's remark or rehype plugin waiting for something).`,
        hint: 'quire compiles pages in order, a few at a time, where Docusaurus compiles them all at once: a plugin waiting for another page gets it only once that page compiles, and a page taken from the compile cache is not compiled at all (build with --no-cache). The limit is limits.pageTimeout in the site config (seconds).',
      }),
      stack: kase({
        severity: 'error',
        message: (d: { step: 'compile' | 'render'; hasCode: boolean }) =>
          `${d.step === 'compile' ? 'Compiling' : 'Rendering'} this page ran out of stack: ${
            d.step === 'render' && d.hasCode
              ? 'a function in its code calls itself without end, or it nests too deeply'
              : 'something in it is nested too deeply (lists, block quotes, HTML or JSX tags, brackets in {…})'
          }.`,
        hint: (d) =>
          d.step === 'render' && d.hasCode
            ? 'A function that calls itself needs a case where it stops. If the page nests deeply instead, nest less: lists and block quotes are limited to limits.maxNesting levels (site config).'
            : 'Nest less deeply. Lists and block quotes are limited to limits.maxNesting levels (site config); other nesting only by the stack.',
      }),
      nesting: kase({
        severity: 'error',
        message: (d: { depth: number; max: number }) =>
          `Lists and block quotes are nested ${d.depth} levels deep here, more than the limit of ${d.max}.`,
        hint: 'Each ">", "-", "*" or "1." at the start of a line (after the indentation of the item it is in) opens one more level. Nest less deeply, or raise limits.maxNesting in the site config.',
      }),
      inlineMarkers: kase({
        severity: 'error',
        message: (d: { max: number }) =>
          `This paragraph has more than ${d.max} link brackets and emphasis marks ([ ] * _ ~), the limit for one paragraph: parsing them takes time that grows with the square of their number.`,
        hint: 'Split the paragraph, write marks meant as text with a backslash (\\[ \\*), or raise limits.maxInlineMarkers in the site config.',
      }),
    },
  },
  Q036: {
    title: 'Markup shown as text',
    severity: 'warning',
    about:
      'markup shown as text because it names nothing: `:::hinweis` (no such box, with the nearest one), `::: note` (the space), `:::note Titel` where a title goes in brackets (a Docusaurus project under `future.v4`), `[Text][label]` or `[^1]` without its definition, a heading id that cannot be one (`{#mit leer}`, with the id to write, in `.md` as in `.mdx`), a link or image whose target has a space (`[Zweite](./zweite seite.md)`, with `%20` or `<…>` to write), an emoji shortcode (`:tada:`) where `markdown.emoji`, which writes it as its emoji, is off; MDX in a `.md` file read as CommonMark (`markdown.format: detect`): an `import`/`export` statement shown as text, a `<Component>` left an unknown HTML element',
    cases: {
      mdxStatement: kase({
        severity: 'warning',
        message: (d: { statement: string }) => `This MDX statement is shown as text: the file is read as CommonMark (${d.statement}).`,
        hint: MDX_AS_COMMONMARK_HINT,
      }),
      mdxComponent: kase({
        severity: 'warning',
        message: (d: { name: string }) =>
          `<${d.name}> is written as a component, but the file is read as CommonMark: it is an unknown HTML element here.`,
        hint: MDX_AS_COMMONMARK_HINT,
      }),
      /** `[text][ref]`; an empty `ref` (`[text][]`) names the text as its label. */
      reference: kase({
        severity: 'warning',
        message: (d: { text: string; ref: string }) =>
          `The link [${d.text}][${d.ref}] is shown as text: there is no [${d.ref || d.text}]: definition.`,
        hint: (d) => `Add a line [${d.ref || d.text}]: /docs/… to the page, or write the link as [${d.text}](/docs/…).`,
      }),
      /** An emoji's name between colons (remark-emoji's table), on a site whose `markdown.emoji` is off. */
      emojiShortcode: kase({
        severity: 'warning',
        message: (d: { written: string }) => `The emoji shortcode ${d.written} is shown as written: the site's markdown.emoji is off.`,
        hint: 'Write the emoji itself, or set markdown: { emoji: true } in the site config to write every shortcode as its emoji (a Docusaurus project has it on unless its config turns it off).',
      }),
      footnote: kase({
        severity: 'warning',
        message: (d: { label: string }) => `The footnote [^${d.label}] is shown as text: there is no [^${d.label}]: footnote.`,
        hint: (d) => `Add a line [^${d.label}]: … with the footnote's text.`,
      }),
      spacedTarget: kase({
        severity: 'warning',
        message: (d: { written: string; image: boolean; label: string; target: string }) =>
          `The ${d.image ? 'image' : 'link'} ${d.written} is shown as text: its ${d.image ? 'path' : 'target'} has a space.`,
        hint: (d) =>
          `Write the space as %20 (${d.target.replace(/\s/g, '%20')}), or put the ${d.image ? 'path' : 'target'} in <…>: ${d.image ? '!' : ''}[${d.label}](<${d.target}>).`,
      }),
      /** `slug`: the id the written one comes closest to, empty when nothing of it is left. */
      headingId: kase({
        severity: 'warning',
        message: (d: { written: string; slug: string }) =>
          `The heading id {#${d.written}} is shown as part of the heading: an id has no spaces or signs other than - _ : .`,
        hint: (d) => (d.slug ? `Write {#${d.slug}}.` : 'Write an id such as {#einrichtung}.'),
      }),
      spacedBox: kase({
        severity: 'warning',
        message: (d: { name: string }) => `::: ${d.name} with a space is shown as text, not as a box.`,
        hint: (d) => `Write :::${d.name} without the space.`,
      }),
      /** `:::tip Titel` on a site that reads a box's title only in brackets (markdown.spacedAdmonitionTitles off). */
      titledBox: kase({
        severity: 'warning',
        message: (d: { colons: string; name: string; title: string }) =>
          `${d.colons}${d.name} ${d.title} is shown as text, not as a box: a box's title goes in brackets here.`,
        hint: (d) =>
          `Write ${d.colons}${d.name}[${d.title}]. In a Docusaurus project, future.v4 turns off markdown.mdx1Compat.admonitions, which read the title after a space; set markdown: { mdx1Compat: { admonitions: true } } to keep that form.`,
      }),
      unknownBox: kase({
        severity: 'warning',
        message: (d: { name: string; meant?: string; boxes: readonly string[] }) =>
          `There is no :::${d.name} box: its content is shown without one.`,
        hint: (d) => `${d.meant ? `Did you mean :::${d.meant}? ` : ''}The boxes are ${d.boxes.map((a) => ':::' + a).join(', ')}.`,
      }),
    },
  },
  Q037: {
    title: 'Code block option without effect',
    severity: 'warning',
    about:
      "a code block option that does nothing (`title=x.js` without quotes, `{2,x}`, a line list beyond the block's lines, `showLineNumbers=fünf`, an unknown option with the nearest known one) or a fence language without highlighting (`javascirpt`, with the nearest one)",
    cases: {
      titleUnquoted: kase({
        severity: 'warning',
        message: (d: { part: string; value: string }) => `The code block's ${d.part} is not shown: a title goes in quotes.`,
        hint: (d) => `Write title="${d.value}" (quotes around all of it, spaces included).`,
      }),
      linesUnclosed: kase({
        severity: 'warning',
        message: (d: { part: string }) => `The code block's line list ${d.part} has no closing }, so no line is marked.`,
        hint: 'Write the lines to mark as {2} or {1,3-5}.',
      }),
      linesInvalid: kase({
        severity: 'warning',
        message: (d: { part: string; bad: readonly string[] }) =>
          `The code block's line list ${d.part} has ${d.bad.map((b) => `"${b}"`).join(', ')}, which is not a line or range of lines.`,
        hint: 'Lines are counted from 1: write {2}, {1,3-5} or {4-6}.',
      }),
      linesBeyond: kase({
        severity: 'warning',
        message: (d: { part: string; line: number; lineCount: number }) =>
          `The code block's line list ${d.part} marks line ${d.line}, but the block has ${d.lineCount} line(s).`,
        hint: 'Lines are counted from 1 in the code as shown (without highlight comments).',
      }),
      lineNumbers: kase({
        severity: 'warning',
        message: (d: { part: string }) => `The code block's ${d.part} is not a line number, so the lines are not numbered.`,
        hint: 'Write showLineNumbers to count from 1, or showLineNumbers=5 to count from 5.',
      }),
      unknownOption: kase({
        severity: 'warning',
        message: (d: { part: string; near?: string }) => `The code block's option ${d.part} is not one quire knows, so it does nothing.`,
        hint: (d) => (d.near ? `Did you mean ${d.near}? ${CODE_OPTIONS_HINT}` : CODE_OPTIONS_HINT),
      }),
      language: kase({
        severity: 'warning',
        message: (d: { requested: string; near?: string }) =>
          `There is no highlighting for the language "${d.requested}": the code is shown as plain text.`,
        hint: (d) =>
          d.near
            ? `Did you mean ${d.near}? Write text for code that is not highlighted.`
            : 'Name a language Prism knows (js, ts, bash, json, html, css, …), or text for code that is not highlighted.',
      }),
    },
  },
  Q038: {
    title: 'Docusaurus feature left out',
    severity: 'warning',
    about:
      "what a Docusaurus theme component is written with that quire's version does not do, left out at its place: `<Tabs>` `values` that is not a written list (and a `<TabItem>` it does not list), `queryString` that is neither a text nor `true` with a `groupId`, `defaultValue` that is not a text, a `<CodeBlock>` holding something other than text",
    cases: {
      headToc: kase({
        severity: 'warning',
        message: () => "export const toc: quire builds the table of contents from the page's headings and does not read this one.",
        hint: 'Write the entries as headings (### …), or hide the table with hide_table_of_contents: true.',
      }),
      headElement: kase({
        severity: 'warning',
        message: (d: { name: string }) =>
          `<${d.name}> in <head>: quire puts only <title>, <meta> and <link> into the head, so this is left out.`,
        hint: "Give the page's title and description as front matter (title, description).",
      }),
      headTitle: kase({
        severity: 'warning',
        message: () => '<title> in <head> holds something other than text, so it is left out.',
        hint: 'Write the title as text.',
      }),
      headExpression: kase({
        severity: 'warning',
        message: (d: { name: string }) => `<${d.name}> in <head> has a value written as an expression, so it is left out.`,
        hint: 'Write each value in quotes.',
      }),
      tabsValues: kase({
        severity: 'warning',
        message: () => '<Tabs> values: quire reads only a written list ({ label, value } objects), so it is left out.',
        hint: 'Label each <TabItem> itself.',
      }),
      tabNotListed: kase({
        severity: 'warning',
        message: () => "This tab's value is not in its <Tabs> values, so Docusaurus shows no tab for it.",
        hint: 'Add it to values or remove the tab.',
      }),
      /** `bare`: written as `queryString` (true) without a groupId; else a value that is neither text nor true. */
      tabsQueryString: kase({
        severity: 'warning',
        message: (d: { bare: boolean }) =>
          `<Tabs queryString>: ${d.bare ? 'true needs a groupId to name the URL parameter' : 'only a text or true is read'}, so it is left out.`,
        hint: 'Give the <Tabs> a groupId, or write the parameter: queryString="os".',
      }),
      tabsDefaultValue: kase({
        severity: 'warning',
        message: () => '<Tabs defaultValue>: only a text is read, so it is left out.',
        hint: 'Write the value in quotes: defaultValue="mac".',
      }),
      codeBlock: kase({
        severity: 'warning',
        message: () => 'This <CodeBlock> holds something other than text or one template literal, which quire cannot show as code.',
        hint: 'Write the code as a fenced block: ```js title="a.js".',
      }),
    },
  },
  Q039: {
    title: 'Imported module',
    severity: 'either',
    about:
      "a module a page imports (MDX `import`, a React page's imports, and what those import in turn) that cannot be found or compiled, at the line of the import: a missing file or npm package not installed, a syntax error in a component, a Docusaurus module quire does not provide (`@theme/…`, `@docusaurus/…`, with those it does). Error for a Markdown or MDX page; warning for a React page (`src/pages/*.js`), which is left out of the site; and a warning at a use, on a page whose components are hydrated, of a component given a function or an element as a prop (that use is drawn but not hydrated)",
    cases: {
      /** `notes`: esbuild's notes that apply here; `leftOut`: the React page that is left out of the site for it (then a warning). */
      pageImport: kase({
        severity: 'error',
        message: (d: { source?: string; text: string; notes: string; leftOut?: string }) =>
          `The page's import of ${d.source} cannot be bundled: ${d.text}${leftOutText(d.leftOut)}`,
        hint: (d) => d.notes || MODULE_HINT,
      }),
      /** On a page whose project components are hydrated: a use given a function or an element. */
      staticProps: kase({
        severity: 'warning',
        message: (d: { component: string; prop: string }) =>
          `<${d.component} ${d.prop}={…}> is given a function or an element, which cannot be handed to the browser: this use of ${d.component} is drawn when the page is built and is not hydrated, so it does not react to the visitor.`,
        hint: (d) => `Give ${d.component} data (text, numbers, lists, objects of them) and keep the function inside the component.`,
      }),
      module: kase({
        severity: 'error',
        message: (d: { text: string; notes: string; leftOut?: string }) =>
          `An imported module cannot be bundled: ${d.text}${leftOutText(d.leftOut)}`,
        hint: (d) => d.notes || MODULE_HINT,
      }),
    },
  },
  Q040: {
    title: 'Sidebar file',
    severity: 'either',
    about:
      'the sidebar file cannot run, or has items of the wrong shape (each one named by its trail of labels, at its line, with what it needs: an unknown `type`, `href` missing, `label: 7`, a shorthand category whose items are not a list), or a `_category_` file with a value of the wrong kind (at its key); warnings: an unknown key in a `_category_` file (with the nearest one), an item key quire does not use (`colapsed`, at its place, with the nearest known key), a file that exports no sidebar, `html` items (not shown), a second `_category_` file for one folder, a `sidebars.js` a Docusaurus config does not name (so not read, as in Docusaurus)',
    cases: {
      sidebarUnread: kase({
        severity: 'warning',
        message: (d: { file: string; docsPath: string }) =>
          `${d.file} is not read: the docs options give no sidebarPath, so the sidebar is autogenerated from ${d.docsPath}/, as Docusaurus does.`,
        hint: (d) => `Set sidebarPath: './${d.file}' in the docs options to use it.`,
      }),
      categoryTwice: kase({
        severity: 'warning',
        message: (d: { file: string; other: string }) => `${d.file} is not read: ${d.other} describes the same folder.`,
        hint: 'Keep one category file per folder.',
      }),
      /** esbuild's words for a syntax error, else the exception the file threw while it ran. */
      sidebarFile: kase({
        severity: 'error',
        message: (d: { compile?: string; reason: string }) => d.compile ?? `The sidebar file could not be evaluated: ${d.reason}`,
      }),
      categoryNotObject: kase({
        severity: 'error',
        message: (d: { got: string }) => `A category file holds an object of settings ({ "label": "…", "position": 2 }), not ${d.got}.`,
      }),
      categoryUnknownKey: kase({
        severity: 'warning',
        message: (d: { key: string; meant?: string; keys: readonly string[] }) =>
          `The category file has an unknown key ${d.key}; it is ignored.`,
        hint: (d) => `${d.meant ? `Did you mean ${d.meant}? ` : ''}A category file takes ${d.keys.join(', ')}.`,
      }),
      categoryValue: kase({
        severity: 'error',
        message: (d: { key: string; wants: string; value: unknown }) =>
          `The category file's ${d.key} must be ${d.wants}, not ${JSON.stringify(d.value) ?? String(d.value)}.`,
      }),
      docTwice: kase({
        severity: 'warning',
        message: (d: { id: string }) =>
          `The doc ${d.id} is in the sidebar more than once: every entry shows as the current page, and its previous and next links follow the first.`,
      }),
      emptyAutogenerated: kase({
        severity: 'warning',
        message: (d: { dirName: string; folder: string }) =>
          `The autogenerated items of dirName "${d.dirName}" are empty: ${d.folder} holds no docs.`,
      }),
      htmlItems: kase({
        severity: 'warning',
        message: (d: { count: number }) =>
          `${d.count} sidebar item(s) of type html are not shown: quire does not render HTML in the sidebar.`,
        hint: 'Use a link item instead.',
      }),
      noSidebar: kase({
        severity: 'warning',
        message: () => 'The sidebar file exports no sidebar, so the docs pages show none.',
        hint: "Export one: export default { docs: [{ type: 'autogenerated', dirName: '.' }] }.",
      }),
      notAnObject: kase({
        severity: 'error',
        message: (d: { got: string }) => `The sidebar file must export an object of sidebars ({ docs: [ … ] }), not ${d.got}.`,
      }),
      notAnArray: kase({
        severity: 'error',
        message: (d: { trail: string; got: string }) => `${d.trail} must be an array of items, not ${d.got}.`,
      }),
      notAnItem: kase({
        severity: 'error',
        message: (d: { item: string; got: string }) => `${d.item} must be a doc id (a string) or an item object, not ${d.got}.`,
      }),
      containsItself: kase({
        severity: 'error',
        message: (d: { item: string; label?: string }) =>
          `${d.item} is a category that contains itself${d.label !== undefined ? ` ("${d.label}")` : ''}: the sidebar would never end.`,
      }),
      itemType: kase({
        severity: 'error',
        message: (d: { item: string; type: unknown; meant?: string; types: readonly string[] }) =>
          d.type === undefined ? `${d.item} has no type.` : `${d.item} has an unknown type ${JSON.stringify(d.type)}.`,
        hint: (d) => `${d.meant ? `Did you mean '${d.meant}'? ` : ''}An item's type is one of: ${d.types.join(', ')}.`,
      }),
      categoryLeadsNowhere: kase({
        severity: 'error',
        message: (d: { item: string; label: string }) => `${d.item} (category${d.label}) has no items and no link: it would lead nowhere.`,
        hint: "Give it items, or a link to a doc: link: { type: 'doc', id: '…' }.",
      }),
      itemKeyIgnored: kase({
        severity: 'warning',
        message: (d: {
          item: string;
          type: string;
          label: string;
          key: string;
          docusaurus: boolean;
          meant?: string;
          known: readonly string[];
        }) =>
          d.docusaurus
            ? `${d.item} (${d.type}${d.label}) has the Docusaurus key ${d.key}, which quire does not use; it is ignored.`
            : `${d.item} (${d.type}${d.label}) has an unknown key ${d.key}; it is ignored.`,
        hint: (d) => `${d.meant ? `Did you mean ${d.meant}? ` : ''}A ${d.type} item takes ${d.known.join(', ')}.`,
      }),
      itemNeeds: kase({
        severity: 'error',
        message: (d: { item: string; type: string; label: string; field: string; wants: string }) =>
          `${d.item} (${d.type}${d.label}) needs ${d.field}: ${d.wants}.`,
      }),
      itemValue: kase({
        severity: 'error',
        message: (d: { item: string; type: string; label: string; field: string; wants: string; got: string }) =>
          `${d.item} (${d.type}${d.label}): ${d.field} must be ${d.wants}, not ${d.got}.`,
      }),
    },
  },
  Q041: {
    title: 'Sidebar names a missing doc',
    severity: 'error',
    about:
      'a sidebar names doc ids that do not exist (lists the available ids, and the one a typo most likely meant); a `_category_` file links to a doc that does not exist (at the id)',
    cases: {
      sidebarIds: kase({
        severity: 'error',
        message: (d: { file: string; ids: readonly { id: string; meant?: string }[]; available: readonly string[] }) =>
          `Invalid sidebar file at "${d.file}".\nThese sidebar document ids do not exist:\n${d.ids
            .map((i) => `- ${i.id}${didYouMean(i.meant)}`)
            .join('\n')}\n\nAvailable document ids are:\n${[...d.available]
            .sort()
            .map((i) => `- ${i}`)
            .join('\n')}`,
      }),
      categoryLink: kase({
        severity: 'error',
        message: (d: { id: string; meant?: string }) =>
          `The category file links to the doc "${d.id}", which does not exist.${didYouMean(d.meant)}`,
      }),
    },
  },
  Q042: {
    title: 'Pagination names a missing doc',
    severity: 'error',
    about: 'a `pagination_next` or `pagination_prev` id that does not exist',
    cases: {
      unknownId: kase({
        severity: 'error',
        message: (d: { which: string; value: string }) => `pagination_${d.which} points to a doc id that does not exist: "${d.value}".`,
        hint: 'Use a doc id such as "features/pdf", or null for none.',
      }),
    },
  },
  Q050: {
    title: 'Two files want one URL',
    severity: 'either',
    about:
      "two files want the same URL (names both), including a static file in the place of a page, of the sitemap, or inside `pagefind/` or `_quire/`; warning: two pages at one URL under `onDuplicateRoutes: 'warn'` (a Docusaurus project's default: the first is built), a redirect (config `redirects`, Docusaurus's plugin-client-redirects) from the address of a page, which is not written, or a second redirect from one address",
    cases: {
      twoPages: kase({
        severity: 'error',
        message: (d: { url: string; first: string; second: string }) =>
          `Two pages want the same URL ${d.url}:\n- ${d.first}\n- ${d.second}`,
        hint: 'Rename one of the files or give it another slug in its front matter.',
      }),
      twoPagesOneBuilt: kase({
        severity: 'warning',
        message: (d: { url: string; first: string; second: string }) =>
          `Two pages want the same URL ${d.url}; the first is built, the second left out (onDuplicateRoutes: warn):\n- ${d.first}\n- ${d.second}`,
        hint: 'Rename one of the files or give it another slug in its front matter; Docusaurus too shows only one of them there.',
      }),
      generatedPage: kase({
        severity: 'error',
        message: (d: { file?: string; url: string; kind: string }) =>
          `${d.file ?? 'A generated page'} takes the URL ${d.url}, where the ${d.kind} page goes.`,
        hint: 'Give the page another slug, or the tag or author another permalink.',
      }),
      staticOnPage: kase({
        severity: 'error',
        message: (d: { url: string; owner: string; file: string }) => `Two files want the same URL ${d.url}:\n- ${d.owner}\n- ${d.file}`,
        hint: STATIC_CLASH_HINT,
      }),
      staticOnGenerated: kase({
        severity: 'error',
        message: (d: { file: string; target: string; url: string }) => `${d.file} would replace the ${d.target} quire writes at ${d.url}.`,
        hint: STATIC_CLASH_HINT,
      }),
      staticBesidePage: kase({
        severity: 'error',
        message: (d: { file: string; url: string; page: string; owner: string }) =>
          `${d.file} would be served at ${d.url}, an address that also names the page ${d.page} (${d.owner}).`,
        hint: STATIC_CLASH_HINT,
      }),
      staticInFolder: kase({
        severity: 'error',
        message: (d: { file: string; folder: string }) =>
          `${d.file} is inside ${d.folder}, a folder quire writes as a whole (it would be lost).`,
        hint: STATIC_CLASH_HINT,
      }),
      /** Docusaurus's plugin-client-redirects warns and writes no redirect page over a page (its onDuplicateRoutes). */
      redirectOnPage: kase({
        severity: 'warning',
        message: (d: { from: string; page: string }) => `No redirect page is written at ${d.from}: ${d.page} is there.`,
        hint: 'Leave this address out of the redirects, or move the page or file that has it.',
      }),
      redirectTwice: kase({
        severity: 'warning',
        message: (d: { from: string; first: string; second: string }) =>
          `Two redirects start at ${d.from}: to ${d.first} and to ${d.second}. The first is written.`,
        hint: 'Keep one redirect for each address.',
      }),
    },
  },
  Q060: {
    title: 'Broken link',
    severity: 'error',
    about:
      'broken internal link or image (Markdown, MDX props, sidebar link items, data files, front matter `image`, the config\'s `favicon`, `image` and `navbar.logo.src`, the announcement\'s `href="/…"`; file, line, column, target; a link written with the base path is named with the path to write instead, any other with the nearest page or file (`/docs/fqa/` → `/docs/faq/`, `./epub.md` → `./epub.mdx`); an image from `static/` that is not there is a "Broken image" naming the file it looked for; a link to a draft or to a React page quire left out, Q039, says so)',
    cases: {
      imageOutside: kase({
        severity: 'error',
        message: (d: { file: string }) => `The image ${d.file} lies outside the project: only files inside it are published.`,
        hint: 'Put the image next to the page or in static/.',
      }),
      imageMissing: kase({
        severity: 'error',
        message: (d: { file: string }) => `Image not found: ${d.file}.`,
        hint: "Image paths are relative to the page's file; site paths start with /.",
      }),
      link: kase({
        severity: 'error',
        message: (d: { url: string; why: LinkWhy; hint: LinkHint }) => `Broken link to ${d.url}: ${whyText(d.why)}.`,
        hint: (d) => linkHintText(d.hint),
      }),
      staticImage: kase({
        severity: 'error',
        message: (d: { url: string; path: string; hint: LinkHint }) => `Broken image ${d.url}: no file static${d.path}.`,
        hint: (d) =>
          d.hint.kind === 'base' || d.hint.kind === 'near'
            ? linkHintText(d.hint)
            : 'Images are files of static/ (static/img/bild.png is /img/bild.png) or next to the page (./bild.png).',
      }),
      frontMatterImage: kase({
        severity: 'error',
        message: (d: { image: string }) => `Broken image in front matter: ${d.image} is not a file of the site (static/).`,
      }),
      configImage: kase({
        severity: 'error',
        message: (d: { to: string }) => `Broken image in the site configuration: ${d.to} is not a file of the site (static/).`,
      }),
      configLink: kase({
        severity: 'error',
        message: (d: { to: string; why: LinkWhy; hint: LinkHint }) =>
          'draft' in d.why || 'leftOut' in d.why
            ? `Broken link in the site configuration: ${d.to}: ${whyText(d.why)}.`
            : `Broken link in the site configuration: ${d.to} is not a page of the site.`,
        hint: (d) => linkHintText(d.hint),
      }),
      /** A link in a data file or front matter, at its line (`(keyPath)`) or only in its file (`at keyPath`). */
      keyedLink: kase({
        severity: 'error',
        message: (d: { to: string; keyPath: string; atLine: boolean; why: LinkWhy; hint: LinkHint }) =>
          d.atLine
            ? `Broken link to ${d.to} (${d.keyPath}): ${whyText(d.why)}.`
            : `Broken link to ${d.to} at ${d.keyPath}: ${whyText(d.why)}.`,
        hint: (d) => linkHintText(d.hint),
      }),
    },
  },
  Q061: {
    title: 'Broken anchor',
    severity: 'either',
    about:
      'broken anchor (no heading or element with that id; the nearest id is named, e.g. one differing in case); follows `onBrokenAnchors` (default: warning)',
    cases: {
      anchor: kase({
        severity: 'warning',
        message: (d: { url: string; page: string; hash: string; meant?: string; ids: readonly string[] }) =>
          `Broken anchor in link ${d.url}: the page ${d.page} has no heading with id "${d.hash}".`,
        hint: (d) =>
          d.meant ? `Did you mean #${d.meant}?` : d.ids.length && d.ids.length <= 10 ? `The page's ids: ${d.ids.join(', ')}.` : undefined,
      }),
    },
  },
  Q062: {
    title: 'Heading id twice',
    severity: 'either',
    about: 'a custom heading id (`{#id}`) written twice on one page; follows `onBrokenAnchors` (default: warning)',
    cases: {
      twice: kase({
        severity: 'warning',
        message: (d: { id: string }) => `Two headings on this page have the id "${d.id}": links to #${d.id} reach only the first.`,
        hint: 'Give each heading its own {#id}.',
      }),
    },
  },
  Q063: {
    title: 'Social card not shown',
    severity: 'warning',
    about:
      'a social card (`image` in the config or front matter) is an SVG, which Facebook, X, LinkedIn and messengers do not show in link previews',
    cases: {
      svg: kase({
        severity: 'warning',
        message: (d: { image: string }) =>
          `The social card ${d.image} is an SVG: Facebook, X, LinkedIn and messengers show no preview picture for SVG images.`,
        hint: 'Use a PNG or JPEG, ideally 1200 × 630 pixels.',
      }),
    },
  },
  Q064: {
    title: 'Unsafe URL or script',
    severity: 'error',
    about:
      'something the page would run in the visitor\'s browser, refused where it is written (file, line, column; config key path): a `javascript:` or `vbscript:` URL (in any case, with tabs, newlines or leading spaces in it, or written with character references: as browsers read it) or a `data:` URL in a Markdown link or image, in any URL attribute of HTML in `.md`, of JSX in `.mdx` (string props, components\' URL props included) or of the config\'s HTML (`announcementBar.content`, `footer.copyright`) and link `href`s: `href`, `src`, each `srcset` candidate, `xlink:href`, `action`, `formaction`, `poster`, `data`, `cite`, `background`, `ping`, a refresh `<meta>`, an `<iframe srcdoc>`\'s HTML; `data:` is kept only for PNG, JPEG, GIF, WebP and AVIF images where an image is shown (`<img src>`/`srcset`, `![…](…)`, `<Figure src>`; never SVG); a `<script>` other than a JSON data block (`type="application/ld+json"`). Inline event handlers (`onerror="…"`, `onClick="…"`) are refused the same way: behaviour belongs in a theme component or the site\'s client code (`src/client/`). The message names the attribute, the element and the URL; the rest of the writer\'s HTML is published as written',
    cases: {
      /** What src/shared/url-policy.ts found (data): the thing, then each place it sits in, innermost first. */
      finding: kase({
        severity: 'error',
        message: (d: UnsafeFinding) => [unsafeThing(d), ...(d.within ?? []).map(unsafePlace)].join(' '),
        hint: (d) => UNSAFE_HINTS[d.kind],
      }),
    },
  },
  Q070: {
    title: 'Unknown navbar item',
    severity: 'error',
    about:
      'navbar item of unknown type (names the item); a Docusaurus `doc` or `docSidebar` item naming a doc or sidebar that does not exist',
    cases: {
      unknownType: kase({
        severity: 'error',
        message: (d: { index: number; type: unknown; item: unknown; types: readonly string[] }) =>
          `Navbar item ${d.index} has an unknown type ${JSON.stringify(d.type)}:\n${JSON.stringify(d.item, null, 2)}`,
        hint: (d) => `Use one of: ${d.types.join(', ')}.`,
      }),
      unknownDoc: kase({
        severity: 'error',
        message: (d: { keyPath: string; id: string; meant?: string }) =>
          `The navbar item ${d.keyPath} links to the doc "${d.id}", which does not exist.`,
        hint: (d) => (d.meant ? `Did you mean ${d.meant}?` : 'Use the id of a doc (its path under the docs folder, without extension).'),
      }),
      unknownSidebar: kase({
        severity: 'error',
        message: (d: { keyPath: string; sidebar: string | undefined; found: boolean; names: readonly string[] }) =>
          d.found
            ? `The navbar item ${d.keyPath} links to the sidebar "${d.sidebar}", which has no doc.`
            : `The navbar item ${d.keyPath} links to the sidebar "${d.sidebar}", which does not exist.`,
        hint: (d) => (d.names.length ? `The sidebars are: ${d.names.join(', ')}.` : 'The site has no sidebar.'),
      }),
    },
  },
  Q080: {
    title: 'Page failed to render',
    severity: 'error',
    about:
      "a page failed to render (file; line and column when the error comes from the page's own MDX code, such as an unknown name in `{…}`), also when a component prop that wants a text or a number gets an object or array only known while the page renders (`width={size}`; at the component's use)",
    cases: {
      /** `uses`: how many times the failing component is used, when the error is placed at its first use. */
      failed: kase({
        severity: 'error',
        message: (d: {
          page: string;
          reason: string;
          component?: string;
          uses?: number;
          /** A name the page's own MDX `{…}` uses that nothing defines. */
          undefinedName?: string;
          /** A name only the browser defines, which code reached while the page was built. */
          browserGlobal?: string;
        }) =>
          `Rendering ${d.page} failed: ${d.reason}${d.uses && d.uses > 1 ? ` (at the first of ${d.uses} uses of <${d.component}> on the page)` : ''}`,
        hint: (d) =>
          d.browserGlobal
            ? `Pages are drawn when the site is built, where there is no ${d.browserGlobal}: use it in an effect (useEffect) or inside <BrowserOnly>.`
            : d.undefinedName
              ? `In MDX, {…} is JavaScript, and nothing defines ${d.undefinedName}. For braces as text write \\{ and \\}; for a value, define it in the file (export const ${d.undefinedName} = …) or use a component.`
              : undefined,
      }),
      workerFailed: kase({
        severity: 'error',
        message: (d: { page: string; reason: string }) => `quire bug: rendering ${d.page} in a worker failed: ${d.reason}`,
      }),
    },
  },
  Q090: {
    title: 'Invalid data file',
    severity: 'either',
    about:
      'a data or locale JSON file is invalid: at the line and column where the JSON goes wrong, in words ("a comma was expected between two entries"); a locale file\'s message that is not a text, at its key; a data file whose entries lack a field, or have one of the wrong kind, that the theme\'s components show (`themes/classic/mdx/data-schemas.ts`, JSON Schema): at the entry, with its key path (`users.text`, `plans.0.prices.EUR.monthly`); warning: an owner data file whose facts are still empty (`company.json`, the data packs of `pricing.json`). Also a Docusaurus `_category_.yml`, `authors.yml` or `tags.yml` that is not valid YAML (at its line), an author without a name, and a translation file (`i18n/<locale>/…json`) that is not valid JSON or has an entry without a `message` text (at its key)',
    cases: {
      localeFile: kase({
        severity: 'error',
        message: (d: { problem: string }) => `Invalid locale file: ${d.problem}`,
        hint: 'A locale file maps message ids to texts: { "skipToContent": "Zum Inhalt springen" }.',
      }),
      jsonEmpty: kase({ severity: 'error', message: () => 'Invalid JSON: the file is empty.' }),
      json: kase({ severity: 'error', message: (d: { reason: string }) => `Invalid JSON: ${d.reason}.` }),
      yaml: kase({ severity: 'error', message: (d: { what: string; reason: string }) => `Invalid YAML in ${d.what}: ${d.reason}.` }),
      authorUnnamed: kase({
        severity: 'warning',
        message: (d: { key: string }) => `The author ${d.key} has no name: the key is shown instead.`,
      }),
      /** `problem` is the schema check's words for the issue (data-shapes.ts). */
      dataShape: kase({
        severity: 'error',
        message: (d: { file: string; keyPath: string; problem: string }) => `Invalid data in ${d.file} at ${d.keyPath}: ${d.problem}.`,
        hint: "The theme's components show this entry; see the other entries of the file for its shape.",
      }),
      moreProblems: kase({
        severity: 'error',
        message: (d: { count: number; file: string }) => `${d.count} more problems in ${d.file}.`,
      }),
      /** A gap the theme finds in a data file (Theme.dataWarnings): the theme's words. */
      dataGap: kase({
        severity: 'warning',
        message: (d: { file: string; message: string; hint?: string }) => `${d.file}: ${d.message}`,
        hint: (d) => d.hint,
      }),
      translationFile: kase({
        severity: 'error',
        message: (d: { problem: string }) => `Invalid translation file: ${d.problem}.`,
        hint: 'A Docusaurus translation file maps ids to messages: { "item.label.Docs": { "message": "Documentation" } }.',
      }),
    },
  },
  Q091: {
    title: 'Locale incomplete',
    severity: 'warning',
    about:
      "the built locale's catalogue lacks interface texts that `locales/en.json` has (they are shown in English; the first few ids are named), or there is no `locales/<code>.json` at all; or a text the theme shows (`Theme.messageIds`, `themes/classic/messages.ts`) is in no catalogue, so its id would be shown; a locale file's id that `locales/en.json` lacks but that is near one the file lacks (`navbar.clsoe`), at its key, as that id misspelt",
    cases: {
      misspeltId: kase({
        severity: 'warning',
        message: (d: { id: string; meant: string }) =>
          `"${d.id}" is not a message id of locales/en.json: probably ${d.meant} misspelt, which this file lacks, so that text is shown in English.`,
        hint: (d) => `Rename "${d.id}" to "${d.meant}".`,
      }),
      noLocaleFile: kase({
        severity: 'warning',
        message: (d: { locale: string }) => `There is no locales/${d.locale}.json: the interface is shown in English.`,
        hint: 'Copy locales/en.json and translate its texts.',
      }),
      lacking: kase({
        severity: 'warning',
        message: (d: { file: string; missing: readonly string[] }) =>
          `${d.file} lacks ${d.missing.length} interface text(s) of locales/en.json, shown in English: ${firstEight(d.missing)}.`,
        hint: 'Add them to the file, translated.',
      }),
      uncatalogued: kase({
        severity: 'warning',
        message: (d: { missing: readonly string[]; files: string }) =>
          `${d.missing.length} interface text(s) the theme shows are in neither ${d.files}, so their ids are shown instead: ${firstEight(d.missing)}.`,
        hint: 'Add them to locales/en.json, and translated to the other locale files.',
      }),
    },
  },
  Q100: {
    title: 'Output not written',
    severity: 'either',
    about:
      'the output could not be written; warning: the new output is in place, but what it replaced could not be deleted (the next build tries again)',
    cases: {
      writing: kase({
        severity: 'error',
        message: (d: { reason: string }) => `Writing the output failed: ${d.reason}`,
        hint: 'Check that the output folder is writable and the disk has space.',
      }),
      oldOutputLeft: kase({
        severity: 'warning',
        message: (d: { shown: string; reason: string }) =>
          `The new output is in place, but ${d.shown} (what the build replaced) could not be deleted: ${d.reason}.`,
        hint: 'Delete it by hand; the next build tries again.',
      }),
    },
  },
  Q101: {
    title: 'Output folder refused',
    severity: 'error',
    about:
      "the output folder cannot be used: it is a file, the project folder (or holds it), inside `content/`, `locales/`, `static/` or `.quire/`, or a non-empty folder no build wrote (neither `robots.txt` nor the base path's folder); checked before anything is written",
    cases: {
      isAFile: kase({
        severity: 'error',
        message: (d: { shown: string }) => `The output path ${d.shown} is a file, not a folder.`,
        hint: OWN_FOLDER_HINT,
      }),
      holdsProject: kase({
        severity: 'error',
        message: (d: { shown: string }) =>
          `The output folder ${d.shown} is the project folder or holds it: replacing it with the build would delete the project.`,
        hint: OWN_FOLDER_HINT,
      }),
      insideSource: kase({
        severity: 'error',
        message: (d: { shown: string; source: string }) =>
          `The output folder ${d.shown} is inside ${d.source}/, which quire reads: the build would replace or read back its files.`,
        hint: OWN_FOLDER_HINT,
      }),
      foreignFiles: kase({
        severity: 'error',
        message: (d: { shown: string; base: string }) =>
          `The output folder ${d.shown} holds files no quire build wrote (no robots.txt, no ${d.base || 'base'} folder): a build replaces the whole folder, so they would be lost.`,
        hint: 'Choose a new or empty folder, or move those files away. Files the site serves as they are belong in static/.',
      }),
      unwritable: kase({
        severity: 'error',
        message: (d: { shown: string; reason: string; store: string; name: string }) =>
          `The output folder ${d.shown} cannot be written: ${d.reason}.`,
        hint: (d) =>
          `quire writes each build beside it, into ${d.store}/, and then points ${d.name} at it: the folder holding ${d.shown} must be writable (and the disk not full or read-only).`,
      }),
    },
  },
  Q102: {
    title: 'Cache not written',
    severity: 'warning',
    about:
      'the compile cache or the record of the output (`.quire/cache`) could not be written: the site is built, the next build is a cold one',
    cases: {
      notWritten: kase({
        severity: 'warning',
        message: (d: { what: string; reason: string; consequence: string; built: boolean; folder: string }) =>
          `${d.what} (${d.reason}): ${d.built ? `the site was built, but ${d.consequence}` : d.consequence}.`,
        hint: (d) => `Check that ${d.folder} can be a writable folder, or build with --no-cache.`,
      }),
    },
  },
  Q103: {
    title: 'Build lock',
    severity: 'warning',
    about:
      'the build lock (`.quire/build.lock`) was left by a build that is gone and is taken over, or cannot be written (the build runs without it)',
    cases: {
      notTaken: kase({
        severity: 'warning',
        message: (d: { reason: string }) =>
          `The build lock could not be taken (${d.reason}): this build ran without it, so a second build of the project at the same time could have mixed its output with this one's.`,
        hint: 'Check that .quire can be a writable folder.',
      }),
      takenOver: kase({
        severity: 'warning',
        message: (d: { who: string }) => `The build lock was left by ${d.who}, which is no longer running: taken over.`,
        hint: 'A build was killed or crashed; its output was never switched in, so dist/ is the last complete build.',
      }),
    },
  },
  Q110: {
    title: 'Server cannot listen',
    severity: 'error',
    about: '`dev` or `serve` cannot listen (port in use, no permission, unknown host)',
    cases: {
      portInUse: kase({
        severity: 'error',
        message: (d: { port: number; host: string; nextPort: boolean }) =>
          d.nextPort ? `No free port found from ${d.port} upwards on ${d.host}.` : `Port ${d.port} on ${d.host} is already in use.`,
        hint: 'Stop the other server, choose a port with --port <number>, or add --next-port to use the next free one.',
      }),
      notAllowed: kase({
        severity: 'error',
        message: (d: { port: number }) => `Not allowed to listen on port ${d.port}.`,
        hint: 'Ports below 1024 need extra rights; choose a port above 1024 with --port.',
      }),
      unknownHost: kase({
        severity: 'error',
        message: (d: { host: string }) => `Cannot listen on host ${d.host}: it is not an address of this machine.`,
        hint: 'Use --host 127.0.0.1 (default), or an address of this machine.',
      }),
      other: kase({
        severity: 'error',
        message: (d: { host: string; port: number; reason: string }) => `Cannot listen on ${d.host}:${d.port}: ${d.reason}`,
      }),
    },
  },
  Q111: {
    title: 'Nothing to serve',
    severity: 'error',
    about: '`serve` has no built folder',
    cases: {
      noBuild: kase({
        severity: 'error',
        message: (d: { dir: string }) => `There is no built site in ${d.dir}.`,
        hint: 'Run quire build first, or pass the output folder: quire serve <dir>.',
      }),
    },
  },
  Q112: {
    title: 'Theme code',
    severity: 'error',
    about: 'theme or client code could not be bundled or loaded in `dev` (file, line, column)',
    cases: {
      noExport: kase({ severity: 'error', message: (d: { name: string }) => `The theme module no longer exports "${d.name}".` }),
      loadFailed: kase({ severity: 'error', message: (d: { reason: string }) => `The theme failed to load: ${d.reason}` }),
      /** esbuild's words, after what was being bundled (theme, client code, CSS). */
      bundle: kase({ severity: 'error', message: (d: { what: string; reason: string }) => `${d.what}: ${d.reason}` }),
    },
  },
  Q120: {
    title: 'Search index',
    severity: 'error',
    about: 'the static search index could not be built (Pagefind missing for this platform, or a page it cannot read)',
    cases: {
      notStarted: kase({
        severity: 'error',
        message: (d: { problem: string }) => `The search index could not be started: ${d.problem || 'unknown error'}`,
        hint: PAGEFIND_HINT,
      }),
      pagesNotIndexed: kase({
        severity: 'error',
        message: (d: { problems: readonly string[] }) => `Pages could not be indexed for search:\n${d.problems.join('\n')}`,
        hint: PAGEFIND_HINT,
      }),
      notWritten: kase({
        severity: 'error',
        message: (d: { errors: readonly string[] }) => `The search index could not be written: ${d.errors.join('; ')}`,
        hint: PAGEFIND_HINT,
      }),
    },
  },
} as const satisfies Record<DiagnosticCode, CatalogueEntry>;

/** README's table of diagnostic codes: code, severity and title, each linked to its entry in DIAGNOSTICS.md. */
export function diagnosticsTable(): string {
  const rows = entries().map(
    ([code, entry]) => `| [${code}](DIAGNOSTICS.md#${code.toLowerCase()}) | ${SEVERITY[entry.severity]} | ${entry.title} |`,
  );
  return ['| code | severity | problem |', '| --- | --- | --- |', ...rows].join('\n');
}

/** DIAGNOSTICS.md: every code with its title, severity and what it covers, wrapped for reading as text. */
export function diagnosticsPage(): string {
  const head = [
    '# Diagnostic codes',
    '',
    wrap(
      'Generated from `src/catalogue.ts` by `node scripts/diagnostics-table.mjs`; edit the catalogue, not this file. Every diagnostic names its file, line and column (or its config key path) and, where it can, what to write instead.',
    ),
    '',
  ];
  const sections = entries().flatMap(([code, entry]) => [
    `## ${code}`,
    '',
    wrap(`**${entry.title}** (${SEVERITY[entry.severity]}): ${entry.about.charAt(0).toUpperCase() + entry.about.slice(1)}.`),
    '',
  ]);
  return [...head, ...sections].join('\n');
}

const SEVERITY = { error: 'error', warning: 'warning', either: 'error or warning' } as const;

function entries(): [string, CatalogueEntry][] {
  return Object.entries(CATALOGUE);
}

/** Breaks text into lines of at most 120 characters at spaces (a longer word stays whole). */
function wrap(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > 120) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}
