/**
 * A page's description when its front matter gives none, as Docusaurus makes it (its docs, blog and pages plugins
 * use the "excerpt" `@docusaurus/utils` reads from the Markdown text, https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter,
 * "description: … defaults to the first line of Markdown content"): the first line of the body that still holds
 * text once Markdown's marks are taken off it, read line by line from the source, not from the parsed page. So a
 * page opening with `# Title` then `## First question` is described by "First question", and a line holding only a
 * component (`<BigApp>`) counts as empty. Lines of imports and exports (up to the next empty line) and of fenced
 * code blocks are passed over. Not shortened.
 */
export function firstLineExcerpt(body: string): string | undefined {
  // A Setext title (`Title` over a line of `=`) at the very start is not text of the page.
  const lines = body
    .trimStart()
    .replace(/^[^\r\n]*\r?\n=+/, '')
    .split(/\r?\n/);
  let fence: string | undefined;
  let inDeclaration = false;
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed) {
      inDeclaration = false;
      continue;
    }
    if (fence === undefined && (inDeclaration || /^(?:import|export)\s/.test(line))) {
      inDeclaration = true;
      continue;
    }
    if (trimmed.startsWith('```')) {
      const ticks = /^`+/.exec(trimmed)?.[0] ?? '```';
      // Inside a block opened by more backticks, a shorter fence is text of the block.
      if (fence === undefined) fence = ticks;
      else if (ticks.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const text = plainLine(line);
    if (text) return text;
  }
  return undefined;
}

/** One line of Markdown with its marks taken off, in the order Docusaurus's excerpt takes them off. */
function plainLine(line: string): string {
  const steps: [RegExp, string][] = [
    [/<[^>]*>/g, ''], // HTML and JSX tags, their content kept
    [/^#[^#]+#?/gm, ''], // an h1 line: the title, not the description
    [/^#{1,6}\s*([^#]*?)\s*#{0,6}/gm, '$1'], // other headings: their text
    [/([*_]{1,3})(.*?)\1/g, '$2'], // emphasis
    [/~~(\S.*\S)~~/g, '$1'], // strikethrough
    [/!\[(.*?)\][[(].*?[\])]/g, '$1'], // images: their alt text
    [/\[\^.+?\](?:: .*$)?/g, ''], // footnote references and definitions
    [/\[(.*?)\][[(].*?[\])]/g, '$1'], // links: their text
    [/`(.+?)`/g, '$1'], // inline code
    [/^\s{0,3}>\s?/g, ''], // a quote's mark
    [/:::.*/, ''], // an admonition's opening or closing line
    [/\s?:(?:::|[^:\n])+:/g, ''], // :emoji: names
    [/\{#*[\w-]+\}/, ''], // a heading id {#id}
  ];
  return steps.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), line).trim();
}
