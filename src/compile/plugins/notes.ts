import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { unbalancedTag } from '../../shared/html-balance.ts';
import { closestName } from '../../shared/text.ts';
import { ADMONITIONS } from './admonitions.ts';
import { CODES } from '../../diagnostics.ts';
import type { CompileNote } from '../../types.ts';
import { compileNote } from '../compile-note.ts';
import { placeIn, type LinkOptions } from './links.ts';
import { isEmojiName } from './emoji.ts';
import { walk, type WalkNode } from './walk.ts';

type Positioned = WalkNode & {
  name?: string;
  position?: { start: { line: number; column: number; offset?: number }; end: { offset?: number } };
};

/**
 * Markup that does not do what it looks like, though it compiles; each is a note (a warning) at its line.
 * Blocks left open, which Markdown closes only where the page (or the list item) ends: a code fence turns the
 * rest of the page into code, a `:::note` pulls the following sections into the box, an HTML `<details>` hides
 * them. And what stays text because it names nothing: `:::hinweis` (no such box), `::: note` (the space), a
 * reference link or footnote without its definition, a heading id that is not one (`{#mit leer}`).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a plugin factory; its one transformer below holds the checks.
export function remarkNotes() {
  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: one walk of the tree gathers every kind of note, which share the page's text and the first HTML block.
  return (tree: Root, file: VFile) => {
    const text = String(file.value);
    const options = file.data.linkOptions as LinkOptions;
    const notes: CompileNote[] = [];
    const shortcodes: { written: string; name: string; place: ReturnType<typeof placeIn> }[] = [];
    const html: string[] = [];
    let firstHtml: Positioned | undefined;
    // MDX written in a file read as CommonMark (a `.md` file with markdown.format `detect`): shown as text or as an
    // unknown HTML element, so each is a note. Only when the tree is Markdown's (MDX's has mdx nodes).
    const mdxAsText: CompileNote[] = [];
    let parsedAsMdx = false;
    walk(tree, (n) => {
      const node = n as Positioned;
      if (node.type.startsWith('mdx')) parsedAsMdx = true;
      if (node.type === 'paragraph' && (n as { children?: WalkNode[] }).children?.[0]?.type === 'text') {
        const first = String((n as { children: WalkNode[] }).children[0].value ?? '');
        const statement =
          /^(import\s+[\w{*][^\n]*\sfrom\s+['"][^'"]+['"]|import\s+['"][^'"]+['"]|export\s+(const|let|function|default)\b)[^\n]*/.exec(
            first,
          );
        if (statement)
          mdxAsText.push(
            compileNote(CODES.CONTENT_AS_TEXT, 'mdxStatement', { statement: statement[0].slice(0, 60) }, placeIn(node, options)),
          );
      }
      if (node.type === 'html' && typeof node.value === 'string') {
        const component = /^<([A-Z][\w.]*)/.exec(node.value);
        if (component) mdxAsText.push(compileNote(CODES.CONTENT_AS_TEXT, 'mdxComponent', { name: component[1] }, placeIn(node, options)));
      }
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      // Markdown that stays text because something it names is not there.
      if (node.type === 'text' && typeof node.value === 'string') {
        const reference = /\[([^\]\n]+)\]\[([^\]\n]*)\]/.exec(node.value);
        const footnote = /\[\^([^\]\s]+)\]/.exec(node.value);
        if (reference)
          notes.push(compileNote(CODES.CONTENT_AS_TEXT, 'reference', { text: reference[1], ref: reference[2] }, placeIn(node, options)));
        else if (footnote) notes.push(compileNote(CODES.CONTENT_AS_TEXT, 'footnote', { label: footnote[1] }, placeIn(node, options)));
        // `:name:` as remark-emoji reads it (letters first, so neither `10:30:00` nor `a:b:c`), where markdown.emoji
        // is off: told below if it names an emoji. With the setting on, remarkEmoji writes it (or leaves an unknown
        // name as written, as Docusaurus does).
        const shortcode = file.data.emoji ? null : /(?<![\w:]):([a-z][a-z0-9_+-]*):(?![\w:])/.exec(node.value);
        if (shortcode) shortcodes.push({ written: shortcode[0], name: shortcode[1], place: placeIn(node, options) });
        let from = start;
        for (const { written, image, label, target } of spacedTargets(node.value)) {
          // At the link itself when the text node holds it as written (no escapes before it), else at the text.
          const at = from !== undefined && end !== undefined ? text.indexOf(written, from) : -1;
          const place = at >= 0 && at < end! ? placeAt(text, at, options) : placeIn(node, options);
          if (at >= 0) from = at + written.length;
          notes.push(compileNote(CODES.CONTENT_AS_TEXT, 'spacedTarget', { written, image, label, target }, place));
        }
      }
      if (node.type === 'heading') {
        const written = /\{#([^}]*)\}\s*$/.exec(toString(node as Root['children'][number]));
        // A valid id (`{#setup}`) is taken off by remarkHeadingIds later; one it cannot take stays in the text.
        if (written && !/^[\w\-:.\u00C0-\uFFFF]+$/.test(written[1])) {
          const slug = written[1]
            .trim()
            .toLowerCase()
            .replace(/[^\w\-:.\u00C0-\uFFFF]+/g, '-')
            .replace(/^-+|-+$/g, '');
          notes.push(compileNote(CODES.CONTENT_AS_TEXT, 'headingId', { written: written[1], slug }, placeIn(node, options)));
        }
      }
      if (node.type === 'paragraph') notes.push(...boxesAsText(node, file, options));
      if (node.type === 'html' && typeof node.value === 'string') {
        html.push(node.value);
        firstHtml ??= node;
      }
      if (start === undefined || end === undefined) return;
      if (node.type === 'code') {
        const lines = text.slice(start, end).split('\n');
        const fence = /^[\s>]*(`{3,}|~{3,})/.exec(lines[0]);
        if (fence && (lines.length < 2 || !new RegExp(`^[\\s>]*\\${fence[1][0]}{${fence[1].length},}\\s*$`).test(lines[lines.length - 1])))
          notes.push(compileNote(CODES.CONTENT_UNCLOSED, 'codeFence', { fence: fence[1] }, placeIn(node, options)));
      } else if (node.type === 'containerDirective') {
        if (node.name && !(ADMONITIONS as readonly string[]).includes(node.name)) {
          const meant = closestName(node.name, ADMONITIONS);
          notes.push(
            compileNote(CODES.CONTENT_AS_TEXT, 'unknownBox', { name: node.name, meant, boxes: ADMONITIONS }, placeIn(node, options)),
          );
        }
        const lines = text.slice(start, end).split('\n');
        const fromJsx = (node as { data?: { fromJsx?: boolean } }).data?.fromJsx;
        if (!fromJsx && (lines.length < 2 || !/^[\s>]*:{3,}\s*$/.test(lines[lines.length - 1])))
          notes.push(compileNote(CODES.CONTENT_UNCLOSED, 'box', { name: node.name ?? '' }, placeIn(node, options)));
      }
    });
    // HTML written in a .md file: one element left open takes the rest of the page in.
    const unbalanced = html.length && file.path?.endsWith('.md') ? unbalancedTag(html.join(''), { optionalEnds: true }) : undefined;
    if (unbalanced && firstHtml) {
      const tag = /<(\w[\w-]*)>/.exec(unbalanced)?.[1];
      const opener =
        walkFind(tree, (n) => n.type === 'html' && typeof n.value === 'string' && new RegExp(`<${tag}\\b`, 'i').test(n.value)) ?? firstHtml;
      notes.push(compileNote(CODES.CONTENT_UNCLOSED, 'html', { unbalanced }, placeIn(opener, options)));
    }
    if (!parsedAsMdx && file.path?.endsWith('.md')) notes.push(...mdxAsText);
    const noted = () => {
      // After what earlier plugins noted (remarkThemeModules).
      if (notes.length) file.data.notes = [...((file.data.notes as CompileNote[] | undefined) ?? []), ...notes];
    };
    if (!shortcodes.length) return noted();
    // Only a page with something like a shortcode loads the emoji table.
    return Promise.all(shortcodes.map(({ name }) => isEmojiName(name))).then((known) => {
      shortcodes.forEach(({ written, place }, i) => {
        if (known[i]) notes.push(compileNote(CODES.CONTENT_AS_TEXT, 'emojiShortcode', { written }, place));
      });
      noted();
    });
  };
}

/**
 * A link or image left as text because its target has a space (`[Zweite](./zweite seite.md)`,
 * `![Logo](/img/mein logo.svg)`): the target must look like an address or a file (`./`, `../`, `/`, `#`, a
 * scheme, or a file extension at its end), so text that merely has brackets (`[Strg](siehe unten)`) is left alone.
 */
export function spacedTargets(value: string): { written: string; image: boolean; label: string; target: string }[] {
  const out: { written: string; image: boolean; label: string; target: string }[] = [];
  if (!value.includes('](')) return out;
  for (const m of value.matchAll(/(!?)\[([^\]\n]*)\]\(([^()<>\n]*?[ \t][^()<>\n]*?)\)/g)) {
    const target = m[3].trim();
    const looksLikeAddress = /^(?:\.{1,2}\/|\/|#|[a-z][a-z0-9+.-]*:)/i.test(target) || /\.[a-z0-9]{2,5}(?:#\S*)?$/i.test(target);
    if (/\s/.test(target) && looksLikeAddress) out.push({ written: m[0], image: m[1] === '!', label: m[2], target });
  }
  return out;
}

/** The line (of the file) and column of an offset in the page's body. */
function placeAt(text: string, offset: number, options: LinkOptions): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length + options.lineOffset - 1, column: offset - lineStart + 1 };
}

/** The last node in document order that matches (the innermost element left open was opened last). */
function walkFind(tree: Root, test: (node: Positioned) => boolean): Positioned | undefined {
  let found: Positioned | undefined;
  walk(tree, (n) => {
    if (test(n as Positioned)) found = n as Positioned;
  });
  return found;
}

/**
 * A paragraph that begins like a box but is text: `::: note` (the space), and `:::tip Titel` where the site reads a
 * box's title only in brackets (SiteConfig.markdown.spacedAdmonitionTitles off).
 */
function boxesAsText(node: Positioned, file: VFile, options: LinkOptions): CompileNote[] {
  const first = (node.children as WalkNode[] | undefined)?.[0];
  if (first?.type !== 'text' || typeof first.value !== 'string') return [];
  const boxes = ADMONITIONS as readonly string[];
  const spaced = /^:::[ \t]+(\w+)/.exec(first.value);
  if (spaced && boxes.includes(spaced[1]))
    return [compileNote(CODES.CONTENT_AS_TEXT, 'spacedBox', { name: spaced[1] }, placeIn(node, options))];
  const titled =
    file.data.spacedAdmonitionTitles === false ? /^(:{3,})([a-zA-Z][\w-]*)[ \t]+([^[{\n][^\n]*?)[ \t]*(?:\n|$)/.exec(first.value) : null;
  if (titled && boxes.includes(titled[2]))
    return [
      compileNote(CODES.CONTENT_AS_TEXT, 'titledBox', { colons: titled[1], name: titled[2], title: titled[3] }, placeIn(node, options)),
    ];
  return [];
}
