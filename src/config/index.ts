import { writtenKey, type ConfigSource } from '../shared/config-place.ts';
import { createHash } from 'node:crypto';
import { navSubLinks } from '../shared/nav-items.ts';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { urlAttributes } from 'html-url-attributes';
import type * as z from 'zod';
import type { ConfigProblem } from '../catalogue.ts';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { closestName } from '../shared/text.ts';
import { unbalancedTag } from '../shared/html-balance.ts';
import { localeBaseUrl } from '../shared/locales.ts';
import { createUrlPolicy, isPlainHtml, unsafeUrl, type Parse5Node } from '../shared/url-policy.ts';
import { importFailure, importTypeScript } from '../import-ts.ts';

/** Where in the project code the config stage ran (the config, its plugins) threw later, for the CLI's last resort. */
export { evaluatedPlace } from '../import-ts.ts';
import { configSchema, NAV_ITEM_TYPES, type ProjectHooks, type SiteConfig } from './schema.ts';
import { expandPresets } from './docusaurus-presets.ts';
import { findDocusaurusConfig, isDocusaurusConfigFile, mapDocusaurusConfig, quireRoot, runDocusaurusConfig } from './docusaurus.ts';

export type { SiteConfig, UserConfig, NavItem, LinkTarget } from './schema.ts';
export { quireRoot } from './docusaurus.ts';

/** quire's own layout (`content/`, `locales/`, `static/`): the layout of a config that says nothing else. */
export const QUIRE_LAYOUT: SiteConfig['layout'] = configSchema.shape.layout.parse(undefined);

export interface LoadConfigOptions {
  root: string;
  /** Relative to root. */
  file?: string;
  /** Overrides applied after loading (CLI flags), e.g. another locale. */
  overrides?: { locale?: string };
}

export interface LoadConfigResult {
  config?: SiteConfig;
  diagnostics: Diagnostic[];
  /** Files the config was built from, for the dev watcher. */
  inputs: string[];
  /** The config's functions a later stage calls (a Docusaurus project's createRedirects). */
  hooks?: ProjectHooks;
}

/**
 * Loads and validates `site.config.ts`; in a Docusaurus project without one, its `docusaurus.config.*`
 * (config/docusaurus.ts maps it).
 */
export async function loadConfig({ root, file = 'site.config.ts', overrides }: LoadConfigOptions): Promise<LoadConfigResult> {
  const abs = path.resolve(root, file);
  if (isDocusaurusConfigFile(file)) return loadDocusaurus(root, file, overrides);
  if (file === 'site.config.ts') {
    const docusaurus = await readFile(abs).then(
      () => undefined,
      () => findDocusaurusConfig(root),
    );
    if (docusaurus) return loadDocusaurus(root, docusaurus, overrides);
  }
  let raw: unknown;
  let inputs: string[] = [abs];
  try {
    await readFile(abs);
  } catch {
    return { diagnostics: [report(CODES.CONFIG_LOAD, 'unreadable', { file, root }, { file })], inputs };
  }
  try {
    ({ value: raw, inputs } = await importTypeScript(abs));
  } catch (e) {
    const failure = importFailure(e, root, file);
    const diagnostic =
      failure.kind === 'compile'
        ? report(CODES.CONFIG_LOAD, 'compile', { text: failure.text }, failure.place)
        : report(CODES.CONFIG_LOAD, 'evaluation', { docusaurus: false, reason: failure.text }, failure.place);
    return { diagnostics: [diagnostic], inputs };
  }
  // Where the config came from, for the diagnostics of later stages (`--config` names another file).
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) raw = { ...raw, configSource: { file } };
  const validated = validateConfig(raw, file, overrides);
  const unsafe = validated.config
    ? [...(await unsafeInConfig(validated.config, file)), ...missingStyles(validated.config, root, file)]
    : [];
  return unsafe.length ? { diagnostics: [...validated.diagnostics, ...unsafe], inputs } : { ...validated, inputs };
}

/** Q002 for each stylesheet `styles` names that is not a file of the project (esbuild would stop the build later). */
function missingStyles(config: SiteConfig, root: string, file: string): Diagnostic[] {
  return config.styles.flatMap((style, i) =>
    statSync(path.resolve(root, style), { throwIfNoEntry: false })?.isFile()
      ? []
      : [
          report(
            CODES.CONFIG_INVALID,
            'value',
            {
              keyPath: writtenKey(config.configSource, `styles.${i}`),
              problem: { kind: 'other', message: `names ${style}, which is not a file of the project` },
            },
            { file, keyPath: writtenKey(config.configSource, `styles.${i}`) },
          ),
        ],
  );
}

async function loadDocusaurus(root: string, file: string, overrides: LoadConfigOptions['overrides']): Promise<LoadConfigResult> {
  const ran = await runDocusaurusConfig(root, file);
  if (ran.diagnostics.some((d) => d.severity === 'error')) return { diagnostics: ran.diagnostics, inputs: ran.inputs };
  // A preset quire does not know by name is run, as Docusaurus runs it, for the classic options it amounts to.
  const presets = await expandPresets(ran.value, root, file);
  // The config's files and its presets' (a project's own preset, edited in quire dev, loads the config again).
  const read = [...ran.inputs, ...presets.inputs];
  if (presets.diagnostics.some((d) => d.severity === 'error'))
    return { diagnostics: [...ran.diagnostics, ...presets.diagnostics], inputs: read };
  const mapped = mapDocusaurusConfig(
    presets.raw,
    file,
    { root, quireLocales: path.join(quireRoot(), 'locales'), locale: overrides?.locale },
    { adds: presets.adds, themeFolders: presets.themeFolders },
  );
  const diagnostics = [...ran.diagnostics, ...presets.diagnostics, ...mapped.diagnostics];
  if (!mapped.config) return { diagnostics, inputs: read };
  // The project's src/theme/MDXComponents: the components every MDX page may use without an import. Its reader
  // (and the parser it loads) only for a project that has one; an edit to it loads the config again in quire dev.
  const mdxFile = mapped.config.themeComponents?.MDXComponents;
  if (mdxFile) {
    const { readMdxComponents } = await import('./mdx-components.ts');
    const mdx = await readMdxComponents(root, mdxFile);
    mapped.config.mdxComponents = mdx.components;
    diagnostics.push(...mdx.diagnostics);
  }
  const plugins = mapped.config.markdown?.plugins;
  if (plugins) plugins.key = pluginsKey(plugins.key, root, read);
  const validated = validateConfig(mapped.config, file, overrides);
  const unsafe = validated.config
    ? [...(await unsafeInConfig(validated.config, file)), ...missingStyles(validated.config, root, file)]
    : [];
  return {
    config: unsafe.some((d) => d.severity === 'error') ? undefined : validated.config,
    ...(mapped.hooks ? { hooks: mapped.hooks } : {}),
    diagnostics: [...diagnostics, ...validated.diagnostics, ...unsafe],
    // The translations the config read (i18n/<locale>/…): an edit to one loads the config again in quire dev.
    inputs: [...read, ...(mapped.inputs ?? []), ...(mdxFile ? [path.join(root, mdxFile)] : [])],
  };
}

/**
 * Q064 for what the config would publish that runs code in a visitor's browser (see src/shared/url-policy.ts):
 * in its HTML, the announcement and the copyright (both inserted into every page as written, as Docusaurus does),
 * and in its links' `href` and app-store URLs.
 * The HTML parser is loaded only for HTML that could hold such a thing (`isPlainHtml`): the usual announcement
 * costs nothing.
 */
export async function unsafeInConfig(config: SiteConfig, file = 'site.config.ts'): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const links: [string, string | undefined][] = [];
  config.navbar.items.forEach((item, i) => {
    if (item.type === 'link') links.push([`navbar.items.${i}.href`, item.href]);
    for (const [sub, key] of navSubLinks(item)) links.push([`navbar.items.${i}.${key}.href`, sub.href]);
  });
  const itemHtml: [string, string][] = linkHtml(config);
  config.navbar.items.forEach((item, i) => {
    if (item.type === 'html') itemHtml.push([`navbar.items.${i}.value`, item.value]);
  });
  config.footer.links.forEach((column, i) =>
    column.items.forEach((item, j) =>
      'html' in item
        ? itemHtml.push([`footer.links.${i}.items.${j}.html`, item.html])
        : links.push([`footer.links.${i}.items.${j}.href`, item.href]),
    ),
  );
  if (config.footer.logo?.href) links.push(['footer.logo.href', config.footer.logo.href]);
  config.footer.social.forEach((item, i) => links.push([`footer.social.${i}.href`, item.href]));
  config.footer.appStores.forEach((store, i) => links.push([`footer.appStores.${i}.url`, store.url]));
  config.headTags.forEach(({ attributes }, i) => {
    for (const name of ['href', 'src', 'content'])
      if (typeof attributes[name] === 'string' && (name !== 'content' || /^\s*[a-z][\w+.-]*:/i.test(attributes[name])))
        links.push([`headTags.${i}.attributes.${name}`, attributes[name]]);
  });
  config.redirects?.rules.forEach((rule, i) => links.push([`redirects.rules.${i}.to`, rule.to]));
  for (const [keyPath, href] of links) {
    const found = href === undefined ? undefined : unsafeUrl(href, 'link');
    if (found) out.push(report(CODES.UNSAFE_URL, 'finding', found, { file, keyPath: writtenKey(config.configSource, keyPath) }));
  }
  const written: [string, string | undefined][] = [
    ['announcementBar.content', config.announcementBar?.content],
    ['footer.copyright', config.footer.copyright],
    ...itemHtml,
  ];
  const html = written.filter((entry): entry is [string, string] => !!entry[1] && !isPlainHtml(entry[1]));
  if (html.length) {
    const { parseFragment } = await import('parse5');
    const policy = createUrlPolicy({ urlAttributes, parseFragment: (value, options) => parseFragment(value, options) as Parse5Node });
    for (const [keyPath, value] of html)
      for (const found of policy.html(value))
        out.push(report(CODES.UNSAFE_URL, 'finding', found, { file, keyPath: writtenKey(config.configSource, keyPath) }));
  }
  return out;
}

/** The `html` of the navbar's links, those of its dropdowns included, each with its key path. */
function linkHtml(config: SiteConfig): [string, string][] {
  return config.navbar.items.flatMap((item, i): [string, string][] => [
    ...(item.type === 'link' && item.html ? [[`navbar.items.${i}.html`, item.html] as [string, string]] : []),
    ...navSubLinks(item).flatMap(([sub, key]): [string, string][] => (sub.html ? [[`navbar.items.${i}.${key}.html`, sub.html]] : [])),
  ]);
}

/** Validates a raw config object; pure, so tests can call it with inline objects. */
export function validateConfig(
  raw: unknown,
  file = 'site.config.ts',
  overrides?: LoadConfigOptions['overrides'],
): { config?: SiteConfig; diagnostics: Diagnostic[] } {
  if (raw === undefined) {
    return {
      diagnostics: [report(CODES.CONFIG_LOAD, 'noDefaultExport', { file }, { file })],
    };
  }
  // Keys as the config file has them (a Docusaurus project's are its own: see src/shared/config-place.ts).
  const source = (raw as { configSource?: ConfigSource } | null)?.configSource;
  const keyOf = (keyPath: string) => writtenKey(source, keyPath);
  const diagnostics = checkNavbarTypes(raw, file, keyOf);
  if (diagnostics.length) return { diagnostics };
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    return { diagnostics: parsed.error.issues.map((issue) => issueToDiagnostic(issue, raw, file, keyOf)) };
  }
  const config = parsed.data;
  const warnings = unknownKeys(raw, config, file, keyOf);
  // HTML of the config author's must close what it opens: a stray <div> would swallow the rest of every page.
  const written: [string, string | undefined][] = [
    ['announcementBar.content', config.announcementBar?.content],
    ['footer.copyright', config.footer.copyright],
    ...config.navbar.items.flatMap((item, i): [string, string][] =>
      item.type === 'html' ? [[`navbar.items.${i}.value`, item.value]] : [],
    ),
    ...config.footer.links.flatMap((column, i) =>
      column.items.flatMap((item, j): [string, string][] => ('html' in item ? [[`footer.links.${i}.items.${j}.html`, item.html]] : [])),
    ),
    ...linkHtml(config),
  ];
  for (const [keyPath, html] of written) {
    const unbalanced = html && unbalancedTag(html);
    const kase =
      keyPath === 'announcementBar.content'
        ? 'announcementUnbalanced'
        : keyPath === 'footer.copyright'
          ? 'copyrightUnbalanced'
          : keyPath.startsWith('navbar.')
            ? 'navbarHtmlUnbalanced'
            : 'footerHtmlUnbalanced';
    if (unbalanced) return { diagnostics: [report(CODES.CONFIG_INVALID, kase, { unbalanced }, { file, keyPath: keyOf(keyPath) })] };
  }
  const { i18n } = config;
  const locale = overrides?.locale ?? i18n.currentLocale;
  if (!i18n.locales.includes(locale)) {
    const keyPath = overrides?.locale ? undefined : keyOf('i18n.currentLocale');
    return {
      diagnostics: [
        report(CODES.CONFIG_INVALID, 'unknownLocale', { locale, locales: i18n.locales }, { file: keyPath ? file : undefined, keyPath }),
      ],
    };
  }
  if (!i18n.locales.includes(i18n.defaultLocale)) {
    return {
      diagnostics: [
        report(
          CODES.CONFIG_INVALID,
          'defaultLocaleMissing',
          { locale: i18n.defaultLocale },
          { file, keyPath: keyOf('i18n.defaultLocale') },
        ),
      ],
    };
  }
  if (overrides?.locale && overrides.locale !== i18n.currentLocale) {
    // Each locale lives under its own base path (its configured one, else the default locale's at the site root
    // and the others' under it).
    const baseUrl =
      i18n.localeConfigs[overrides.locale]?.baseUrl ??
      localeBaseUrl(config.baseUrl, i18n.currentLocale, i18n.defaultLocale, overrides.locale);
    return {
      config: {
        ...config,
        baseUrl,
        i18n: { ...i18n, currentLocale: overrides.locale, contentLocale: i18n.contentLocale ?? i18n.currentLocale },
      },
      diagnostics: warnings,
    };
  }
  const own = i18n.localeConfigs[i18n.currentLocale]?.baseUrl;
  return { config: own === undefined ? config : { ...config, baseUrl: own }, diagnostics: warnings };
}

/**
 * The inside of zod's wrappers (optional, default, pipe, …): the fields of zod v4's definitions this reads (its own
 * types name every schema kind, which the walk below does not need; the schema is cast to this at the call).
 */
type SchemaDef = {
  type: string;
  innerType?: ZodLike;
  in?: ZodLike;
  element?: ZodLike;
  valueType?: ZodLike;
  options?: ZodLike[];
  shape?: Record<string, ZodLike>;
};
type ZodLike = { _zod: { def: SchemaDef } };

/** The keys an object of the schema may have at a key path (all options' keys for a union), for the nearest-key hint. */
function schemaKeysAt(schema: ZodLike, keyPath: string[]): string[] {
  const unwrap = (s: ZodLike): ZodLike[] => {
    const def = s._zod.def;
    if (def.innerType) return unwrap(def.innerType);
    if (def.type === 'pipe' && def.in) return unwrap(def.in);
    if (def.type === 'union' && def.options) return def.options.flatMap(unwrap);
    return [s];
  };
  let at = unwrap(schema);
  for (const key of keyPath) {
    at = at.flatMap((s) => {
      const def = s._zod.def;
      const next = def.type === 'array' ? def.element : def.type === 'record' ? def.valueType : def.shape?.[key];
      return next ? unwrap(next) : [];
    });
  }
  return at.flatMap((s) => Object.keys(s._zod.def.shape ?? {}));
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/**
 * Keys the schema does not know (dropped by validation): warnings with the key path and the nearest known
 * key, so `onBrokenLink: 'warn'` or `navbar.itmes` does not pass silently with the default in force.
 */
function unknownKeys(raw: unknown, parsed: unknown, file: string, keyOf: (k: string) => string, keyPath: string[] = []): Diagnostic[] {
  if (Array.isArray(raw) && Array.isArray(parsed))
    return raw.flatMap((item, i) => unknownKeys(item, parsed[i], file, keyOf, [...keyPath, String(i)]));
  if (!isPlainObject(raw) || !isPlainObject(parsed)) return [];
  const out: Diagnostic[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (key in parsed) {
      out.push(...unknownKeys(value, parsed[key], file, keyOf, [...keyPath, key]));
      continue;
    }
    const meant = closestName(key, new Set([...Object.keys(parsed), ...schemaKeysAt(configSchema as unknown as ZodLike, keyPath)]));
    const at = keyOf([...keyPath, key].join('.'));
    out.push(
      report(
        CODES.CONFIG_UNKNOWN_KEY,
        'unknownKey',
        { keyPath: at, meant: meant ? keyOf([...keyPath, meant].join('.')) : undefined },
        { file, keyPath: at },
      ),
    );
  }
  return out;
}

function checkNavbarTypes(raw: unknown, file: string, keyOf: (k: string) => string): Diagnostic[] {
  const items = (raw as { navbar?: { items?: unknown } } | undefined)?.navbar?.items;
  if (!Array.isArray(items)) return [];
  const out: Diagnostic[] = [];
  items.forEach((item: unknown, i) => {
    const type = (item as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !(NAV_ITEM_TYPES as readonly string[]).includes(type)) {
      out.push(
        report(
          CODES.NAVBAR_ITEM,
          'unknownType',
          { index: i, type, item, types: NAV_ITEM_TYPES },
          { file, keyPath: keyOf(`navbar.items.${i}.type`) },
        ),
      );
    }
  });
  return out;
}

function issueToDiagnostic(issue: z.core.$ZodIssue, raw: unknown, file: string, keyOf: (k: string) => string): Diagnostic {
  const keyPath = keyOf(issue.path.map(String).join('.')) || '(root)';
  const got = valueAt(raw, issue.path);
  return report(CODES.CONFIG_INVALID, 'value', { keyPath, problem: configProblem(issue, got) }, { file, keyPath });
}

/** What is wrong with a config value, as data for the catalogue's words (zod's own message when nothing fits). */
function configProblem(issue: z.core.$ZodIssue, got: unknown): ConfigProblem {
  if (issue.code === 'invalid_type') return { kind: 'type', expected: issue.expected === 'int' ? 'a whole number' : issue.expected, got };
  if (issue.code === 'invalid_format' && issue.format === 'url') return { kind: 'url', got };
  if (issue.code === 'too_small' && issue.origin === 'string') return { kind: 'length', minimum: Number(issue.minimum) };
  // `trailingSlash: z.literal(true)`: a setting with one supported value.
  if (issue.code === 'invalid_value' && issue.values.length === 1 && typeof issue.values[0] === 'boolean')
    return { kind: 'only', value: String(issue.values[0]), got };
  if (issue.code === 'invalid_value' || issue.code === 'invalid_union') {
    // `postsPerPage: 'ALL' | number`, `defaultMode: 'light' | 'dark'`: what is accepted, in words.
    const accepted = acceptedValues(issue);
    if (accepted) return { kind: 'accepted', accepted, got };
  } else if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') {
    const bound = issue.code === 'too_small' ? { atLeast: String(issue.minimum) } : { atMost: String(issue.maximum) };
    return { kind: 'bound', ...bound, got };
  }
  return { kind: 'other', message: issue.message };
}

/** Types as a sentence names them: `a number`, `true or false`. */
const TYPE_WORDS: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  int: 'a whole number',
};

/**
 * What a literal, an enum or a union of them (and of simple types) accepts: `'ALL' or a number`, `'light' or
 * 'dark'`. Undefined when a union's options are objects (their own issues say more than a list would).
 */
function acceptedValues(issue: z.core.$ZodIssue): string | undefined {
  const shown = (v: unknown) => (typeof v === 'string' ? `'${v}'` : String(v));
  const words = (options: string[]) =>
    options.length <= 2 ? options.join(' or ') : `one of ${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;
  if (issue.code === 'invalid_value') return words(issue.values.map(shown));
  if (issue.code !== 'invalid_union') return undefined;
  const options: string[] = [];
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first || first.path.length) return undefined;
    if (first.code === 'invalid_value') options.push(...first.values.map(shown));
    else if (first.code === 'invalid_type' && TYPE_WORDS[first.expected] && first.expected !== 'object')
      options.push(TYPE_WORDS[first.expected]);
    else return undefined;
  }
  return options.length ? words([...new Set(options)]) : undefined;
}

function valueAt(raw: unknown, keys: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const k of keys) v = v === null || typeof v !== 'object' ? undefined : (v as Record<PropertyKey, unknown>)[k];
  return v;
}

/** Lock files of the package managers: a plugin's packages (and theirs) changing version changes one of these. */
const LOCK_FILES = ['package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lock', 'bun.lockb', 'npm-shrinkwrap.json'];

/**
 * The compile cache's key for the project's remark and rehype plugins: their code and options (from the mapping),
 * the files the config was built from (a plugin written in the project is bundled with it) and the project's lock
 * file (a plugin from npm, or what it uses, upgraded), so a changed plugin recompiles every page.
 */
function pluginsKey(mapped: string, root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256').update(mapped);
  for (const file of [...inputs, ...LOCK_FILES.map((name) => path.join(root, name))]) {
    try {
      hash.update(`\0${file}\0`).update(readFileSync(file));
    } catch {
      hash.update('\0absent');
    }
  }
  return hash.digest('hex');
}
