import type { Pluggable, PluggableList, Plugin } from 'unified';
import type { VFile } from 'vfile';
import { CODES, report, type Diagnostic } from '../diagnostics.ts';
import { importTypeScript, standInForMissingPackages, toProjectPath } from '../import-ts.ts';
import type { ContentKind, SiteConfig } from '../types.ts';

/** Where a Docusaurus project's remark and rehype plugins are (see the config schema's `markdown.plugins`). */
export type PluginsRef = NonNullable<SiteConfig['markdown']['plugins']>;
/** The preset's `docs`, `blog` or `pages`, or `docs@<id>`: another docs plugin instance's own plugins. */
type Section = string;
type ListName = 'beforeDefaultRemarkPlugins' | 'remarkPlugins' | 'beforeDefaultRehypePlugins' | 'rehypePlugins';
interface Entry {
  keyPath: string;
  name: string;
}

/** A page's plugins, by their place in Docusaurus's order; `id` tells the processors built with them apart. */
export interface SectionPlugins {
  id: string;
  beforeRemark: PluggableList;
  remark: PluggableList;
  beforeRehype: PluggableList;
  rehype: PluggableList;
}

/** The settings a page compiles with that name the plugins: where they are, and the folders of the sections. */
export interface PluginSettings {
  ref: PluginsRef;
  folders: { docs: string[]; instances: string[]; blog: string | null; pages: string | null };
}

/**
 * The section whose options a page's plugins come from: Docusaurus's docs (the preset's, or another instance's own),
 * blog or pages plugin.
 */
export function sectionOf(kind: ContentKind, instance?: string): Section {
  return kind === 'doc' ? (instance === undefined ? 'docs' : `docs@${instance}`) : kind === 'blog' ? 'blog' : 'pages';
}

/**
 * The section of a file a page imports (a partial), by the folder it is in: Docusaurus compiles it with the loader
 * of the plugin whose folder holds it, so a partial in any docs version's folder is the docs', one in another docs
 * instance's folder runs none of the preset's plugins (undefined; the instance's own are named unread by the config),
 * and a file elsewhere is the pages'.
 */
export function sectionOfFile(file: string, folders: PluginSettings['folders']): Section | undefined {
  const inside = (folder: string | null) =>
    folder !== null && (folder === '.' || folder === '' || file.startsWith(`${folder.replace(/^\.\/|\/+$/g, '')}/`));
  if (folders.instances.some(inside)) return undefined;
  return folders.docs.some(inside) ? 'docs' : inside(folders.blog) ? 'blog' : 'pages';
}

/**
 * Each thread runs the config once per fingerprint and keeps its plugin entries: the functions cannot be sent to
 * a compile worker, so every worker (and the build's own thread) gets them by running the config file again, as
 * the config stage did (`runDocusaurusConfig`).
 */
const loaded = new Map<string, Promise<Map<string, unknown>>>();
const built = new Map<string, SectionPlugins | undefined>();

/** The plugins a page of `section` runs, or undefined if its section has none. Throws a PluginFailure. */
export async function projectPlugins(settings: PluginSettings, section: Section): Promise<SectionPlugins | undefined> {
  const { ref } = settings;
  const id = `${ref.key}|${section}`;
  if (built.has(id)) return built.get(id);
  let entries = loaded.get(ref.key);
  if (!entries) {
    // A new fingerprint (quire dev, after the config or a plugin changed): the old plugins are not used again.
    loaded.clear();
    built.clear();
    loaded.set(ref.key, (entries = loadEntries(ref)));
  }
  const values = await entries;
  const lists = ref.sections[section];
  const list = (name: ListName): PluggableList => (lists?.[name] ?? []).map((entry) => named(values.get(entry.keyPath), entry, ref));
  const plugins = lists
    ? {
        id,
        beforeRemark: list('beforeDefaultRemarkPlugins'),
        remark: list('remarkPlugins'),
        beforeRehype: list('beforeDefaultRehypePlugins'),
        rehype: list('rehypePlugins'),
      }
    : undefined;
  built.set(id, plugins);
  return plugins;
}

async function loadEntries(ref: PluginsRef): Promise<Map<string, unknown>> {
  let value: unknown;
  try {
    ({ value } = await importTypeScript(ref.file, { nodeGlobals: true, plugins: [standInForMissingPackages(ref.root, new Map())] }));
    value = typeof value === 'function' ? await (value as () => unknown)() : await value;
  } catch (e) {
    throw new PluginFailure((file) =>
      report(CODES.PROJECT_PLUGIN, 'load', { config: toProjectPath(ref.root, ref.file), reason: reasonOf(e) }, { file }),
    );
  }
  const entries = new Map<string, unknown>();
  for (const lists of Object.values(ref.sections)) {
    for (const list of Object.values(lists ?? {})) {
      for (const entry of list ?? []) {
        let at: unknown = value;
        for (const key of entry.keyPath.split('.'))
          at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
        entries.set(entry.keyPath, at);
      }
    }
  }
  return entries;
}

/**
 * The plugin as unified takes it, wrapped so that what it throws names it (a PluginFailure) and the messages it
 * reports on a page are known as its own (see pluginMessages). Its transformer keeps its calling convention: a
 * return value, a promise, or a callback as third parameter.
 */
function named(value: unknown, entry: Entry, ref: PluginsRef): Pluggable {
  const [plugin, options] = Array.isArray(value) ? value : [value];
  const config = toProjectPath(ref.root, ref.file);
  const fail = (e: unknown) =>
    new PluginFailure(
      (file, line, column) => report(CODES.PROJECT_PLUGIN, 'failed', { ...entry, config, reason: reasonOf(e) }, { file, line, column }),
      e,
    );
  if (typeof plugin !== 'function') {
    const reason = `${entry.keyPath} is no longer a function when the config runs again`;
    throw new PluginFailure((file) => report(CODES.PROJECT_PLUGIN, 'load', { config, reason }, { file }));
  }
  type Transformer = (this: unknown, tree: unknown, file: VFile, next?: (error?: unknown, ...rest: unknown[]) => void) => unknown;
  function attacher(this: unknown, ...parameters: unknown[]): unknown {
    let transformer: unknown;
    try {
      transformer = (plugin as (...p: unknown[]) => unknown).apply(this, parameters);
    } catch (e) {
      throw fail(e);
    }
    if (typeof transformer !== 'function') return transformer;
    const run = transformer as Transformer;
    if (run.length >= 3) {
      return function (this: unknown, tree: unknown, file: VFile, next: (error?: unknown, ...rest: unknown[]) => void) {
        const before = file.messages.length;
        try {
          run.call(this, tree, file, (error?: unknown, ...rest: unknown[]) => {
            claim(file, before, entry);
            next(error ? fail(error) : error, ...rest);
          });
        } catch (e) {
          throw fail(e);
        }
      };
    }
    return function (this: unknown, tree: unknown, file: VFile) {
      const before = file.messages.length;
      let out: unknown;
      try {
        out = run.call(this, tree, file);
      } catch (e) {
        throw fail(e);
      }
      if (out && typeof (out as Promise<unknown>).then === 'function') {
        return (out as Promise<unknown>).then(
          (result) => {
            claim(file, before, entry);
            return result;
          },
          (e: unknown) => {
            throw fail(e);
          },
        );
      }
      claim(file, before, entry);
      return out;
    };
  }
  Object.defineProperty(attacher, 'name', { value: entry.name });
  const wrapped = attacher as unknown as Plugin;
  return options === undefined ? wrapped : [wrapped, options];
}

const PLUGIN = Symbol('quire project plugin');

/** Marks the messages a plugin added to the file (file.message) as its own. */
function claim(file: VFile, from: number, entry: Entry): void {
  for (const message of file.messages.slice(from)) (message as unknown as Record<symbol, Entry>)[PLUGIN] ??= entry;
}

/** The messages the project's plugins reported on a page, with their places in the page's body. */
export function pluginMessages(file: VFile): { name: string; keyPath: string; reason: string; line?: number; column?: number }[] {
  return file.messages.flatMap((message) => {
    const entry = (message as unknown as Record<symbol, Entry | undefined>)[PLUGIN];
    if (!entry) return [];
    const place = message.place;
    const point = place && 'start' in place ? place.start : place;
    const line = message.line ?? point?.line;
    const column = message.column ?? point?.column;
    return [{ ...entry, reason: message.reason, ...(line ? { line } : {}), ...(column ? { column } : {}) }];
  });
}

/**
 * A project plugin that could not be loaded or failed on a page: its diagnostic, at the page (and the place
 * the plugin gave, in the body's lines, when it threw a message with one).
 */
export class PluginFailure extends Error {
  constructor(
    readonly diagnostic: (file: string, line?: number, column?: number) => Diagnostic,
    readonly thrown?: unknown,
  ) {
    super('project plugin failure');
  }

  /** The place in the page's body the plugin's error names (a VFileMessage from `file.fail`), if any. */
  get place(): { line?: number; column?: number } {
    const m = this.thrown as { line?: number | null; column?: number | null } | undefined;
    return m && typeof m === 'object' && m.line ? { line: m.line, column: m.column ?? undefined } : {};
  }
}

function reasonOf(e: unknown): string {
  if (e instanceof Error) return (e as { reason?: string }).reason ?? e.message;
  return String(e);
}
