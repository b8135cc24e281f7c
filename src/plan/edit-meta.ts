import { isGeneratedIndexId } from '../shared/doc-paths.ts';
import { docsVersionsOf, instanceConfig } from '../shared/doc-versions.ts';
import type { Loaded, Route, SiteConfig, Source } from '../types.ts';

/**
 * What a doc or blog post shows below its text: the "Edit this page" link and the last update, as Docusaurus's
 * docs and blog plugins work them out; undefined when neither is shown (the page's route then has no such key).
 */
export function editMetaOf(source: Source, site: SiteConfig, lastUpdates: Loaded['lastUpdates']): Route['editMeta'] {
  // A docs instance's doc goes by the instance's `editUrl` and last-update settings.
  const config = (source.instance !== undefined ? instanceConfig(site, source.instance) : undefined) ?? site;
  const section = source.kind === 'doc' ? config.docs : source.kind === 'blog' ? config.blog : undefined;
  // A category's generated index page has no file of its own to edit or date (Docusaurus's DocCategoryGeneratedIndexPage
  // shows neither).
  if (!section || isGeneratedIndexId(source.id)) return undefined;
  const fm = source.frontMatter;
  const editUrl = fm.custom_edit_url !== undefined ? fm.custom_edit_url : configuredEditUrl(source, config);
  const meta: NonNullable<Route['editMeta']> = {};
  if (editUrl) meta.editUrl = editUrl;
  // Front matter wins over git for each half (Docusaurus's readLastUpdateData); each is shown only when asked for.
  const commit = lastUpdates?.[source.file];
  if (section.showLastUpdateTime) {
    const date = fm.last_update?.date;
    const at = date !== undefined ? new Date(date) : commit ? new Date(commit.at * 1000) : undefined;
    if (at && !Number.isNaN(at.getTime())) meta.lastUpdatedAt = at.toISOString();
  }
  if (section.showLastUpdateAuthor) {
    const by = fm.last_update?.author ?? commit?.by;
    if (by) meta.lastUpdatedBy = by;
  }
  return Object.keys(meta).length ? meta : undefined;
}

/**
 * The configured address: an `editUrl` function's answer for the file, else `editUrl` joined with the file's path
 * in the project. With `editCurrentVersion`, a doc of an older version links to the same path in the current docs
 * folder (Docusaurus's versions `getVersionEditUrls`).
 */
function configuredEditUrl(source: Source, config: SiteConfig): string | undefined {
  const section = source.kind === 'doc' ? config.docs : config.blog;
  if (section.editUrls) return section.editUrls[source.file] ?? undefined;
  if (!section.editUrl) return undefined;
  let file = source.file;
  if (source.kind === 'doc' && config.docs.editCurrentVersion && source.version) {
    const own = docsVersionsOf(config).find((v) => v.name === source.version);
    if (own && own.dir !== config.layout.docs && file.startsWith(`${own.dir}/`))
      file = `${config.layout.docs}/${file.slice(own.dir.length + 1)}`;
  }
  // Docusaurus's normalizeUrl: one slash between the parts, whatever each ends or starts with.
  return `${section.editUrl.replace(/\/+$/, '')}/${file.replace(/^\.\//, '')}`;
}
