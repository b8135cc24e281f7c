/**
 * Text made safe inside an HTML or XML attribute value (and element text), escaped exactly as React's
 * server renderer does, so a string built here equals the one React writes for the same value: themes
 * rely on that to find a rendered link (see themes/classic/components/DocSidebar.tsx).
 */
export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The id of each page's main content element (`<main>`), which the parts of quire agree on: the theme puts
 * it there (and links the skip link to it), the document shell holds the first paint until it is parsed,
 * and the client focuses it after a soft navigation and shows load failures in it.
 */
export const MAIN_ID = 'main';
