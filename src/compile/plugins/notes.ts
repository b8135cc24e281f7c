import type { Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { unbalancedTag } from '../../shared/html-balance.ts';
import { closestName } from '../../shared/text.ts';
import { ADMONITIONS } from './admonitions.ts';
import type { CompileNote } from '../../types.ts';
import { placeIn, type LinkOptions } from './links.ts';
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
    const html: string[] = [];
    let firstHtml: Positioned | undefined;
    // MDX written in a file read as CommonMark (a `.md` file with markdown.format `detect`): shown as text or as an
    // unknown HTML element, so each is a note. Only when the tree is Markdown's (MDX's has mdx nodes).
    const mdxAsText: CompileNote[] = [];
    let parsedAsMdx = false;
    // biome-ignore lint/complexity/noExcessiveLinesPerFunction: the visitor's cases are one per node type and share the transformer's state; each is a few lines.
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
          mdxAsText.push({
            kind: 'as-text',
            ...placeIn(node, options),
            message: `This MDX statement is shown as text: the file is read as CommonMark (${statement[0].slice(0, 60)}).`,
            hint: 'Name the file .mdx, or set markdown.format to mdx in the config (Docusaurus 3 reads .md files as MDX).',
          });
      }
      if (node.type === 'html' && typeof node.value === 'string') {
        const component = /^<([A-Z][\w.]*)/.exec(node.value);
        if (component)
          mdxAsText.push({
            kind: 'as-text',
            ...placeIn(node, options),
            message: `<${component[1]}> is written as a component, but the file is read as CommonMark: it is an unknown HTML element here.`,
            hint: 'Name the file .mdx, or set markdown.format to mdx in the config (Docusaurus 3 reads .md files as MDX).',
          });
      }
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      // Markdown that stays text because something it names is not there.
      if (node.type === 'text' && typeof node.value === 'string') {
        const reference = /\[([^\]\n]+)\]\[([^\]\n]*)\]/.exec(node.value);
        const footnote = /\[\^([^\]\s]+)\]/.exec(node.value);
        if (reference) {
          const label = reference[2] || reference[1];
          notes.push({
            kind: 'as-text',
            ...placeIn(node, options),
            message: `The link [${reference[1]}][${reference[2]}] is shown as text: there is no [${label}]: definition.`,
            hint: `Add a line [${label}]: /docs/… to the page, or write the link as [${reference[1]}](/docs/…).`,
          });
        } else if (footnote) {
          notes.push({
            kind: 'as-text',
            ...placeIn(node, options),
            message: `The footnote [^${footnote[1]}] is shown as text: there is no [^${footnote[1]}]: footnote.`,
            hint: `Add a line [^${footnote[1]}]: … with the footnote's text.`,
          });
        }
        let from = start;
        for (const { written, image, label, target } of spacedTargets(node.value)) {
          // At the link itself when the text node holds it as written (no escapes before it), else at the text.
          const at = from !== undefined && end !== undefined ? text.indexOf(written, from) : -1;
          const place = at >= 0 && at < end! ? placeAt(text, at, options) : placeIn(node, options);
          if (at >= 0) from = at + written.length;
          notes.push({
            kind: 'as-text',
            ...place,
            message: `The ${image ? 'image' : 'link'} ${written} is shown as text: its ${image ? 'path' : 'target'} has a space.`,
            hint: `Write the space as %20 (${target.replace(/\s/g, '%20')}), or put the ${image ? 'path' : 'target'} in <…>: ${image ? '!' : ''}[${label}](<${target}>).`,
          });
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
          notes.push({
            kind: 'as-text',
            ...placeIn(node, options),
            message: `The heading id {#${written[1]}} is shown as part of the heading: an id has no spaces or signs other than - _ : .`,
            hint: slug ? `Write {#${slug}}.` : 'Write an id such as {#einrichtung}.',
          });
        }
      }
      if (node.type === 'paragraph') {
        const first = (node.children as WalkNode[] | undefined)?.[0];
        const spaced = first?.type === 'text' && typeof first.value === 'string' ? /^:::[ \t]+(\w+)/.exec(first.value) : null;
        if (spaced && (ADMONITIONS as readonly string[]).includes(spaced[1])) {
          notes.push({
            kind: 'as-text',
            ...placeIn(node, options),
            message: `::: ${spaced[1]} with a space is shown as text, not as a box.`,
            hint: `Write :::${spaced[1]} without the space.`,
          });
        }
      }
      if (node.type === 'html' && typeof node.value === 'string') {
        html.push(node.value);
        firstHtml ??= node;
      }
      if (start === undefined || end === undefined) return;
      if (node.type === 'code') {
        const lines = text.slice(start, end).split('\n');
        const fence = /^[\s>]*(`{3,}|~{3,})/.exec(lines[0]);
        if (
          fence &&
          (lines.length < 2 || !new RegExp(`^[\\s>]*\\${fence[1][0]}{${fence[1].length},}\\s*$`).test(lines[lines.length - 1]))
        ) {
          notes.push({
            kind: 'unclosed',
            ...placeIn(node, options),
            message: `The code block opened here is never closed: everything after it is shown as code.`,
            hint: `End it with a line of ${fence[1]}.`,
          });
        }
      } else if (node.type === 'containerDirective') {
        if (node.name && !(ADMONITIONS as readonly string[]).includes(node.name)) {
          const meant = closestName(node.name, ADMONITIONS);
          notes.push({
            kind: 'as-text',
            ...placeIn(node, options),
            message: `There is no :::${node.name} box: its content is shown without one.`,
            hint: `${meant ? `Did you mean :::${meant}? ` : ''}The boxes are ${ADMONITIONS.map((a) => ':::' + a).join(', ')}.`,
          });
        }
        const lines = text.slice(start, end).split('\n');
        const fromJsx = (node as { data?: { fromJsx?: boolean } }).data?.fromJsx;
        if (!fromJsx && (lines.length < 2 || !/^[\s>]*:{3,}\s*$/.test(lines[lines.length - 1]))) {
          notes.push({
            kind: 'unclosed',
            ...placeIn(node, options),
            message: `The :::${node.name ?? ''} box opened here is never closed: everything after it is inside the box.`,
            hint: 'End it with a line of :::.',
          });
        }
      }
    });
    // HTML written in a .md file: one element left open takes the rest of the page in.
    const unbalanced = html.length && file.path?.endsWith('.md') ? unbalancedTag(html.join(''), { optionalEnds: true }) : undefined;
    if (unbalanced && firstHtml) {
      const tag = /<(\w[\w-]*)>/.exec(unbalanced)?.[1];
      const opener =
        walkFind(tree, (n) => n.type === 'html' && typeof n.value === 'string' && new RegExp(`<${tag}\\b`, 'i').test(n.value)) ?? firstHtml;
      notes.push({
        kind: 'unclosed',
        ...placeIn(opener, options),
        message: `The HTML here ${unbalanced}: what follows ends up inside it.`,
        hint: 'Close each tag you open.',
      });
    }
    if (!parsedAsMdx && file.path?.endsWith('.md')) notes.push(...mdxAsText);
    // After what earlier plugins noted (remarkThemeModules).
    if (notes.length) file.data.notes = [...((file.data.notes as CompileNote[] | undefined) ?? []), ...notes];
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
