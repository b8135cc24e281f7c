import type { Root } from 'mdast';

/**
 * With config `markdown.emoji` (a Docusaurus project's, on unless its config turns it off): `:tada:` and the other
 * emoji shortcodes become their emoji, by remark-emoji with its default settings, as Docusaurus's MDX loader runs
 * it: after the headings got their ids (so `## :tada: Fest` is `#tada-fest`), before the table of contents is read
 * (which shows the emoji). A name it does not know stays as written, as there. Its table (node-emoji's) is loaded by
 * the first page that needs it: a site without the setting never loads it.
 */
export function remarkEmoji() {
  return (tree: Root, file: { data: Record<string, unknown> }) =>
    file.data.emoji ? replaceShortcodes(tree, (file.data.headings as { text: string }[] | undefined) ?? []) : undefined;
}

let transform: Promise<(tree: Root) => void> | undefined;

/** remark-emoji's transformer with its default settings, as Docusaurus runs it. */
function emojiTransform(): Promise<(tree: Root) => void> {
  // A plugin's factory, called once as unified would (it reads no processor: `this` is not used).
  transform ??= import('remark-emoji').then(({ default: plugin }) => (plugin as () => (tree: Root) => void)());
  return transform;
}

/** The page's shortcodes, and those of its headings' texts (recorded with their ids, before: the table of contents). */
async function replaceShortcodes(tree: Root, headings: { text: string }[]): Promise<void> {
  const replace = await emojiTransform();
  replace(tree);
  for (const heading of headings) {
    if (!heading.text.includes(':')) continue;
    const text: Root = { type: 'root', children: [{ type: 'text', value: heading.text }] };
    replace(text);
    heading.text = text.children.map((c) => ('value' in c ? c.value : '')).join('');
  }
}

/** Whether `name` (without colons) is an emoji shortcode remark-emoji writes as its emoji. */
export async function isEmojiName(name: string): Promise<boolean> {
  const text: Root = { type: 'root', children: [{ type: 'text', value: `:${name}:` }] };
  (await emojiTransform())(text);
  return !(text.children.length === 1 && 'value' in text.children[0] && text.children[0].value === `:${name}:`);
}
