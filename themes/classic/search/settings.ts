import { INDEX_DIR } from '../../../src/shared/search-pagefind.ts';
import { contextTags, SEARCH_MESSAGE_IDS, type SearchSettings } from '../../../src/shared/search.ts';
import type { Site } from '../../../src/types.ts';
import { translate } from '../context.tsx';

const settingsJson = new WeakMap<Site, string>();

/** `searchSettings` as the JSON the navbar's search button carries: made once per build, not per page. */
export function searchSettingsJson(site: Site): string {
  let json = settingsJson.get(site);
  if (json === undefined) settingsJson.set(site, (json = JSON.stringify(searchSettings(site))));
  return json;
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
    tags: contextTags(config.search.contextualSearch, config.docs.version.name),
    indexUrl: `${config.baseUrl}${INDEX_DIR}pagefind.js`,
    hosted: config.search.provider === 'hosted' ? (config.search.hosted ?? null) : null,
    searchPageUrl: `${config.baseUrl}search/`,
    messages,
  };
}
