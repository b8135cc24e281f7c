/**
 * Docusaurus's theme texts (`theme.*` in a locale's `code.json`, which `docusaurus write-translations` writes and a
 * project may change) that name what quire's theme shows too, each with quire's message id: a Docusaurus project's
 * translation takes the place of quire's own text for the locale, as Docusaurus's theme reads that file first. A
 * text is taken only when its placeholders are among those quire's message fills (`{count}`, `{query}`); plural
 * forms (`one|{count} many`) and texts quire draws otherwise are not in the table and stay unread (Q003).
 */
const THEME_TEXTS: Record<string, [id: string, placeholders?: readonly string[]]> = {
  'theme.admonition.note': ['admonition.note'],
  'theme.admonition.tip': ['admonition.tip'],
  'theme.admonition.info': ['admonition.info'],
  'theme.admonition.warning': ['admonition.warning'],
  'theme.admonition.danger': ['admonition.danger'],
  'theme.admonition.caution': ['admonition.caution'],
  'theme.common.editThisPage': ['docs.editThisPage'],
  'theme.common.headingLinkTitle': ['content.headingLink', ['heading']],
  'theme.common.skipToMainContent': ['skipToContent'],
  'theme.docs.breadcrumbs.home': ['docs.home'],
  'theme.docs.breadcrumbs.navAriaLabel': ['docs.breadcrumbs'],
  'theme.docs.paginator.navAriaLabel': ['docs.pagination'],
  'theme.docs.paginator.next': ['docs.next'],
  'theme.docs.paginator.previous': ['docs.previous'],
  'theme.docs.sidebar.navAriaLabel': ['docs.sidebar'],
  'theme.TOCCollapsible.toggleButtonLabel': ['docs.toc'],
  'theme.NotFound.title': ['notFound.title'],
  'theme.NotFound.p1': ['notFound.lead'],
  'theme.NotFound.p2': ['notFound.help'],
  'theme.tags.tagsPageTitle': ['tags.title'],
  'theme.SearchPage.emptyResultsTitle': ['search.page.title'],
  'theme.SearchPage.existingResultsTitle': ['search.page.titleWithQuery', ['query']],
  'theme.SearchPage.inputPlaceholder': ['search.page.inputLabel'],
  'theme.SearchModal.placeholder': ['search.placeholder'],
};

/** Whether quire reads this theme text of code.json (its id is in the table). */
export function readsThemeText(id: string): boolean {
  return Object.hasOwn(THEME_TEXTS, id);
}

/**
 * The theme texts of a project's code.json (id → message) that quire shows, as quire's messages (quire's id →
 * the project's message). A message with a placeholder quire does not fill is left out, and returned in `unread`.
 */
export function projectThemeMessages(code: Readonly<Record<string, string>> | undefined): {
  messages: Record<string, string>;
  unread: string[];
} {
  const messages: Record<string, string> = {};
  const unread: string[] = [];
  if (!code) return { messages, unread };
  for (const [docusaurusId, [id, allowed = []]] of Object.entries(THEME_TEXTS)) {
    const text = code[docusaurusId];
    if (text === undefined) continue;
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (text.includes('|') || names.some((n) => !allowed.includes(n))) unread.push(docusaurusId);
    else messages[id] = text;
  }
  return { messages, unread };
}
