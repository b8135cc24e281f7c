/**
 * Docusaurus's plugin-client-redirects (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-client-redirects)
 * as quire's `redirects` setting: its `fromExtensions`, `toExtensions` and `redirects` options, from every instance
 * of the plugin in `plugins`. `createRedirects` is a function of the build's routes: it goes to plan as a project
 * hook (one instance's; another's stays unread and is named).
 */

type Raw = Record<string, unknown>;
type Take = <T = unknown>(keyPath: string) => T | undefined;

const PLUGIN = /^(@docusaurus\/plugin-client-redirects|docusaurus-plugin-client-redirects|client-redirects)$/;

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** quire's `redirects` for the config's client-redirects plugins, or undefined when it has none. */
export function mapClientRedirects(
  raw: Raw,
  take: Take,
  origin: (quire: string, written: string) => void,
): { redirects: Raw; createRedirects?: { run: (path: string) => unknown; keyPath: string } } | undefined {
  const plugins = Array.isArray(raw.plugins) ? (raw.plugins as unknown[]) : [];
  let found = false;
  let placed = false;
  const fromExtensions: unknown[] = [];
  const toExtensions: unknown[] = [];
  const rules: unknown[] = [];
  let createRedirects: { run: (path: string) => unknown; keyPath: string } | undefined;
  plugins.forEach((entry, i) => {
    const name = Array.isArray(entry) ? entry[0] : entry;
    if (typeof name !== 'string' || !PLUGIN.test(name)) return;
    found = true;
    if (!Array.isArray(entry)) {
      take(`plugins.${i}`);
      return;
    }
    take(`plugins.${i}.0`);
    if (!isObject(entry[1])) {
      take(`plugins.${i}.1`);
      return;
    }
    const at = `plugins.${i}.1`;
    take(`${at}.id`);
    // The first instance's options stand for quire's `redirects` in diagnostics (`redirects.fromExtensions`).
    if (!placed) origin('redirects', at);
    placed = true;
    // Values as written: the schema checks them (an extension with a dot, a `from` that is no path) at quire's keys.
    // Each value's place in the config, for diagnostics (several instances of the plugin make one list each).
    const list = (key: string, into: unknown[], quireKey = key) => {
      const value = take<unknown>(`${at}.${key}`);
      const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
      values.forEach((_v, j) => origin(`redirects.${quireKey}.${into.length + j}`, `${at}.${key}.${j}`));
      into.push(...values);
    };
    list('fromExtensions', fromExtensions);
    list('toExtensions', toExtensions);
    list('redirects', rules, 'rules');
    const create = (entry[1] as Raw).createRedirects;
    if (typeof create === 'function' && !createRedirects) {
      take(`${at}.createRedirects`);
      createRedirects = { run: create as (path: string) => unknown, keyPath: `${at}.createRedirects` };
    }
  });
  return found ? { redirects: { fromExtensions, toExtensions, rules }, ...(createRedirects ? { createRedirects } : {}) } : undefined;
}
