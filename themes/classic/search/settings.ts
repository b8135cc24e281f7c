import { textHash } from '../../../src/shared/hash.ts';
import { ON_DEMAND_DIR } from '../../../src/shared/output-paths.ts';
import { INDEX_DIR } from '../../../src/shared/search-pagefind.ts';
import { contextTags, SEARCH_MESSAGE_IDS, type SearchSettings } from '../../../src/shared/search.ts';
import type { SharedFile, Site } from '../../../src/types.ts';
import { translate } from '../context.tsx';

const settingsFiles = new WeakMap<Site, SharedFile & { url: string }>();

/**
 * `searchSettings` as one JSON file per build (`_quire/search.<hash>.json`), which the navbar's search
 * button and the search page's island name and the browser loads when search is first used: the settings
 * are the same on every page, so pages do not each carry a copy (about 2 kB). Made once per build and
 * thread.
 */
export function searchSettingsFile(site: Site): SharedFile & { url: string } {
  let made = settingsFiles.get(site);
  if (!made) {
    const contents = JSON.stringify(searchSettings(site));
    const file = `${ON_DEMAND_DIR}search.${textHash(contents)}.json`;
    settingsFiles.set(site, (made = { file, contents, url: site.config.baseUrl + file }));
  }
  return made;
}

/**
 * The search islands' props for a page of `site`: provider, paths, contextual filters and the UI
 * messages. The same on every page of a locale (one docs version), so the modal behaves the same
 * everywhere. `search.placeholder` in the config overrides the catalogue's placeholder.
 */
export function searchSettings(site: Site): SearchSettings {
  const { config } = site;
  const messages: SearchSettings['messages'] = Object.fromEntries(SEARCH_MESSAGE_IDS.map((id) => [id, translate(site.messages, id)]));
  if (config.search.placeholder) messages['search.placeholder'] = config.search.placeholder;
  return {
    provider: config.search.provider,
    baseUrl: config.baseUrl,
    locale: config.i18n.currentLocale,
    localeBases: site.locales.map((l) => l.baseUrl),
    tags: contextTags(config.search.contextualSearch, config.docs.version.name, config.search.docsTagPrefix),
    indexUrl: `${config.baseUrl}${INDEX_DIR}pagefind.js`,
    hosted: config.search.provider === 'hosted' ? (config.search.hosted ?? null) : null,
    searchPageUrl: `${config.baseUrl}search/`,
    messages,
  };
}
