/**
 * The admonition types writers can use: `:::tip Titel` … `:::` in Markdown, `<Admonition type="tip">` in code.
 * Docusaurus 3's keywords: its five types, `caution` (a warning with its own label) and the aliases `important`
 * (info), `secondary` (note) and `success` (tip), see https://docusaurus.io/docs/markdown-features/admonitions and
 * its theme's Admonition/Types.tsx.
 */
export const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'secondary', 'success'] as const;

/** The look a keyword takes: its own, or for an alias its type's. */
export function admonitionStyle(type: string): string {
  return ADMONITION_ALIASES[type] ?? type;
}

const ADMONITION_ALIASES: Record<string, string> = { caution: 'warning', important: 'info', secondary: 'note', success: 'tip' };
