/**
 * The sidebar a doc page shows: the one its route names (`route.doc.sidebar`, set when the site has several),
 * else the site's first. The theme renders it and the render stage's fingerprint hashes it, so both must
 * agree on which; typed by shape so this folder needs no import.
 */
export function shownSidebar<T>(site: { sidebar: T; sidebars?: Record<string, T> }, route: { doc?: { sidebar?: string } }): T {
  const name = route.doc?.sidebar;
  return (name !== undefined ? site.sidebars?.[name] : undefined) ?? site.sidebar;
}
