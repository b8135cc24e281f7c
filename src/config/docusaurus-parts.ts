/**
 * Where a Docusaurus config writes the options of the classic preset's parts. The classic preset is a list of
 * plugins and themes (`@docusaurus/preset-classic`'s index: the docs, blog and pages plugins, the classic theme, the
 * sitemap and analytics plugins), each handed one of its options (`docs`, `blog`, …). A project may list those
 * plugins and themes itself instead, in `plugins` and `themes` (https://docusaurus.io/docs/using-plugins): then
 * each one's options are its entry's second item, and a content plugin it does not list is not there at all.
 */

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The classic preset's option names, by the package each is handed to. */
const PARTS: ReadonlyMap<string, { section: string; list: 'plugins' | 'themes' }> = new Map([
  ['@docusaurus/plugin-content-docs', { section: 'docs', list: 'plugins' }],
  ['@docusaurus/plugin-content-blog', { section: 'blog', list: 'plugins' }],
  ['@docusaurus/plugin-content-pages', { section: 'pages', list: 'plugins' }],
  ['@docusaurus/theme-classic', { section: 'theme', list: 'themes' }],
  ['@docusaurus/plugin-sitemap', { section: 'sitemap', list: 'plugins' }],
  ['@docusaurus/plugin-google-tag-manager', { section: 'googleTagManager', list: 'plugins' }],
  ['@docusaurus/plugin-google-gtag', { section: 'gtag', list: 'plugins' }],
  ['@docusaurus/plugin-google-analytics', { section: 'googleAnalytics', list: 'plugins' }],
]);

/** The content plugins: one the project does not list builds nothing. */
export const CONTENT_SECTIONS = ['docs', 'blog', 'pages'] as const;

export interface ClassicParts {
  /**
   * By section (`docs`, `blog`, `theme`, …): the key path of its options (`presets.0.1.docs`, `plugins.2.1`, or
   * `plugins.2` for a plugin listed by its name alone, whose options are all defaults).
   */
  at: ReadonlyMap<string, string>;
  /** Whether the parts are listed one by one (no classic preset): a content section not in `at` is then off. */
  listed: boolean;
  /** The key paths of the listed parts' names, read by being mapped. */
  names: string[];
}

/**
 * A plugin's name as Docusaurus's shorthand reads it (`moduleShorthand.ts`): `content-docs` and
 * `docusaurus-plugin-content-docs` are `@docusaurus/plugin-content-docs`; a resolved file
 * (`require.resolve('@docusaurus/plugin-sitemap')`) is its package.
 */
function packageName(name: string, kind: 'plugin' | 'theme', packageOf: (name: string) => string): string {
  const pkg = packageOf(name);
  if (pkg.startsWith('@docusaurus/')) return pkg;
  const short = pkg.replace(new RegExp(`^docusaurus-${kind}-`), '');
  return `@docusaurus/${kind}-${short}`;
}

/**
 * The classic parts' option places: under `preset` (the key path of the classic preset, or of a preset read as
 * it, `''` for none) when there is one, else the parts the config lists itself, the first of each kind.
 */
export function classicParts(raw: Raw, preset: string, packageOf: (name: string) => string): ClassicParts {
  if (preset) {
    const entry = Array.isArray(raw.presets) ? (raw.presets as unknown[])[Number(preset.split('.')[1])] : undefined;
    // A preset named without options runs every part with its defaults: no options to read.
    const at = new Map(Array.isArray(entry) ? [...PARTS.values()].map(({ section }) => [section, `${preset}.1.${section}`]) : []);
    return { at, listed: false, names: [] };
  }
  const at = new Map<string, string>();
  const names: string[] = [];
  for (const list of ['plugins', 'themes'] as const) {
    const entries = Array.isArray(raw[list]) ? (raw[list] as unknown[]) : [];
    entries.forEach((entry, i) => {
      const [name, options] = Array.isArray(entry) ? entry : [entry, undefined];
      if (typeof name !== 'string') return;
      const part = PARTS.get(packageName(name, list === 'plugins' ? 'plugin' : 'theme', packageOf));
      if (!part || part.list !== list || at.has(part.section)) return;
      // A docs plugin of another id is a docs set of its own (docusaurus-docs-instances.ts); quire builds one blog
      // and one pages folder, the first listed whatever its id (a second one stays unread, and is named).
      if (part.section === 'docs' && isObject(options) && options.id !== undefined && options.id !== 'default') return;
      at.set(part.section, Array.isArray(entry) ? `${list}.${i}.1` : `${list}.${i}`);
      names.push(Array.isArray(entry) ? `${list}.${i}.0` : `${list}.${i}`);
    });
  }
  return { at, listed: at.size > 0, names };
}
