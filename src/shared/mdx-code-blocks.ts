/**
 * Docusaurus's `mdx-code-block` fences: before MDX parses a page or partial, Docusaurus's MDX loader takes out the
 * fence lines of every block opened by exactly three or four backticks and `mdx-code-block` (its
 * `unwrapMdxCodeBlocks`, https://docusaurus.io/docs/i18n/crowdin#mdx), so what the block holds is the page's own
 * MDX (an `export function` the page then uses, JSX GitHub would show as code). The block ends at the first line
 * holding only the same number of backticks (spaces before them allowed), as in Docusaurus; nothing else is read.
 *
 * A fence line next to a blank line (or the start or end of the text) is left as an empty line rather than taken
 * out: Markdown reads the two the same there, and the lines after the block keep their numbers for diagnostics.
 */
export function unwrapMdxCodeBlocks(text: string): string {
  if (!text.includes('mdx-code-block')) return text;
  // Three backticks first, then four, as Docusaurus does.
  return unwrapFences(unwrapFences(text, 3), 4);
}

/** Every block opened by exactly `ticks` backticks and `mdx-code-block`, without its fence lines. */
function unwrapFences(text: string, ticks: number): string {
  const fence = '`'.repeat(ticks);
  const opening = new RegExp(`^ *${fence} *mdx-code-block\\r?$`);
  const closing = new RegExp(`^ *${fence}\\r?$`);
  const lines = text.split('\n');
  const out: (string | undefined)[] = [...lines];
  for (let i = 0; i < lines.length; i++) {
    if (!opening.test(lines[i])) continue;
    // The block needs a line of its own between the fences (it may be empty).
    let end = -1;
    for (let j = i + 2; j < lines.length; j++) {
      if (closing.test(lines[j])) {
        end = j;
        break;
      }
    }
    if (end < 0) continue;
    out[i] = isBlank(lines[i - 1]) ? '' : undefined;
    out[end] = isBlank(lines[end + 1]) ? '' : undefined;
    i = end;
  }
  return out.filter((line) => line !== undefined).join('\n');
}

/** A blank line, or none (the start or end of the text). */
function isBlank(line: string | undefined): boolean {
  return line === undefined || /^[ \t]*\r?$/.test(line);
}
