import GithubSlugger, { slug } from 'github-slugger';
import type { Heading as MdHeading, Root, Text } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { isDirectiveSyntax } from './directives.ts';
import { markdownImports } from './partial-imports.ts';
import { walk, type WalkNode } from './walk.ts';
import type { Heading } from '../../types.ts';

const CUSTOM_ID = /\s*\\?\{#([\w\-:.\u00C0-\uFFFF]+)\\?\}\s*$/;

/**
 * Escapes `{#id}` at the end of headings so MDX reads it as text, not as an expression: a valid id becomes the
 * heading's id (remarkHeadingIds), one that cannot be an id (`{#mit leer}`) stays text and gets a note, as in
 * `.md` files, instead of failing the page as JavaScript MDX cannot parse. Lines in fenced code are left as
 * they are (a Markdown example showing `## Titel {#id}`). Line count unchanged.
 */
export function escapeHeadingIds(markdown: string): string {
  if (!markdown.includes('{#')) return markdown;
  const lines = markdown.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const marker = /^[ \t>]*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      // A closing fence: the same character, at least as long, nothing after it.
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && /^[ \t>]*[`~]+[ \t]*\r?$/.test(line)) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    lines[i] = line.replace(/^(#{1,6}[ \t].*?)[ \t]*\{#([^{}\n]*)\}[ \t]*(\r?)$/, '$1 \\{#$2\\}$3');
  }
  return lines.join('\n');
}

/** A node without the text nodes that hold a restored directive's written form (`:name[`, `]{…}`), recursively. */
function withoutDirectiveSyntax<T extends WalkNode>(node: T): T {
  const children = (node as { children?: WalkNode[] }).children;
  if (!children) return node;
  return { ...node, children: children.filter((c) => !isDirectiveSyntax(c)).map(withoutDirectiveSyntax) };
}

/** The id base of a heading whose text gives no slug (`## 🎉`): `heading`, `heading-1`, … */
const FALLBACK_ID = 'heading';

/** A `{#custom-id}` written twice on one page: links to it reach only the first heading. */
export interface DuplicateId {
  id: string;
  line?: number;
  column?: number;
}

/**
 * Gives every heading an id (GitHub-style slug, or `{#custom-id}`) and records the headings in
 * `file.data.headings`. Custom ids are reserved first, so a slug never takes one (`## Setup` beside
 * `## Einrichtung {#setup}` becomes `setup-1`); a custom id written twice is recorded in
 * `file.data.duplicateIds` with its place, for the link checker to report. With `file.data.headingIds`
 * `docusaurus`, Docusaurus's rules (SiteConfig.markdown.headingIds): custom ids are not reserved (both are `setup`),
 * and the written form of a directive put back as text (remarkRestoreUnknownDirectives) is no part of a heading's
 * text, as Docusaurus reads the heading before it puts them back.
 */
export function remarkHeadingIds() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const nodes: MdHeading[] = [];
    const customIds = new Map<MdHeading, string>();
    const partials = markdownImports(tree);
    const slices: { source: string; at: number }[] = [];
    walk(tree, (n: WalkNode) => {
      // A partial shown as a block: its headings come here in the page's (see Compiled.partialHeadings).
      if (n.type === 'mdxJsxFlowElement' && partials.size) {
        const source = partials.get(String((n as { name?: unknown }).name));
        if (source !== undefined) slices.push({ source, at: nodes.length });
      }
      if (n.type !== 'heading') return;
      const node = n as MdHeading;
      nodes.push(node);
      let last = node.children[node.children.length - 1];
      // MDX's form `## Title {/* #my-id */}` (Docusaurus's write-heading-ids with --syntax mdx-comment): a comment
      // expression at the end whose text is `#id`.
      if (last && (last as { type: string }).type === 'mdxTextExpression') {
        const comment = /^\s*\/\*\s*#([\w\-:.\u00C0-\uFFFF]+)\s*\*\/\s*$/.exec(String((last as { value?: unknown }).value ?? ''));
        if (!comment) return;
        customIds.set(node, comment[1]);
        node.children.pop();
        last = node.children[node.children.length - 1];
        if (last && last.type === 'text') {
          (last as Text).value = (last as Text).value.replace(/\s+$/, '');
          if (!(last as Text).value) node.children.pop();
        }
        return;
      }
      if (last?.type !== 'text') return;
      const m = CUSTOM_ID.exec((last as Text).value);
      if (!m) return;
      customIds.set(node, m[1]);
      (last as Text).value = (last as Text).value.slice(0, m.index);
      if (!(last as Text).value) node.children.pop();
    });
    const docusaurus = file.data.headingIds === 'docusaurus';
    const reserved = docusaurus ? new Set<string>() : new Set(customIds.values());
    const used = new Set<string>();
    const slugger = new GithubSlugger();
    const headings: Heading[] = [];
    const duplicateIds: DuplicateId[] = [];
    const lineOffset = (file.data.linkOptions as { lineOffset?: number } | undefined)?.lineOffset ?? 1;
    for (const node of nodes) {
      const text = (docusaurus ? toString(withoutDirectiveSyntax(node)) : toString(node)).trim();
      let id = customIds.get(node);
      if (id !== undefined) {
        if (used.has(id))
          duplicateIds.push({
            id,
            line: node.position ? node.position.start.line + lineOffset - 1 : undefined,
            column: node.position?.start.column,
          });
        // Custom ids only: a slug never equals one unless they are not reserved, and then it is no mistake.
        used.add(id);
      } else {
        // A heading of emoji or punctuation only has an empty slug: `id=""` is no target, so it gets a word.
        const base = slug(text) ? text : FALLBACK_ID;
        do id = slugger.slug(base);
        while (reserved.has(id));
      }
      // Docusaurus's Heading writes no id on an h1 (its slug is still taken, as its headings plugin gives it one).
      if (!(docusaurus && node.depth === 1)) node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), id } };
      headings.push({ depth: node.depth, text, id });
    }
    file.data.headings = headings;
    if (slices.length) file.data.partialHeadings = slices;
    if (duplicateIds.length) file.data.duplicateIds = duplicateIds;
  };
}
