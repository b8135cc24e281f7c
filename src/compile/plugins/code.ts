import type { Element, ElementContent, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import { bundledLanguages, createHighlighter, type Highlighter } from 'shiki';
import { visit } from 'unist-util-visit';

const THEME = 'github-light';
let highlighter: Promise<Highlighter> | undefined;
const loaded = new Set<string>();

async function getHighlighter(lang: string): Promise<{ h: Highlighter; lang: string }> {
  highlighter ??= createHighlighter({ themes: [THEME], langs: [] });
  const h = await highlighter;
  const known = lang in bundledLanguages ? lang : 'text';
  if (known !== 'text' && !loaded.has(known)) {
    await h.loadLanguage(known as keyof typeof bundledLanguages);
    loaded.add(known);
  }
  return { h, lang: known };
}

/** `{1,3-5}` → Set {1,3,4,5} */
export function parseLineRanges(meta: string): Set<number> {
  const out = new Set<number>();
  const m = /\{([\d,\s-]+)\}/.exec(meta);
  if (!m) return out;
  for (const part of m[1].split(',')) {
    const [a, b] = part.trim().split('-').map(Number);
    if (!Number.isFinite(a)) continue;
    for (let n = a; n <= (Number.isFinite(b) ? b : a); n++) out.add(n);
  }
  return out;
}

export function parseTitle(meta: string): string | undefined {
  return /title=(?:"([^"]*)"|'([^']*)')/.exec(meta)?.slice(1).find((v) => v !== undefined);
}

/**
 * Highlights fenced code at build time (no client JavaScript): shiki tokens, a title bar from
 * `title="…"` and highlighted lines from `{1,3-5}` in the fence's meta.
 */
export function rehypeCode() {
  return async (tree: Root) => {
    const blocks: { node: Element; parent: { children: unknown[] }; index: number }[] = [];
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
      const code = node.children[0];
      if (!code || code.type !== 'element' || code.tagName !== 'code') return;
      blocks.push({ node, parent, index });
    });
    for (const { node, parent, index } of blocks) {
      const code = node.children[0] as Element;
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const requested = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? 'text';
      const meta = String((code.data as { meta?: string } | undefined)?.meta ?? code.properties.metastring ?? '');
      const text = toString(code).replace(/\n$/, '');
      const highlight = parseLineRanges(meta);
      const title = parseTitle(meta);
      const { h, lang } = await getHighlighter(requested.toLowerCase());
      const hast = h.codeToHast(text, {
        lang,
        theme: THEME,
        transformers: [
          {
            line(line, n) {
              if (highlight.has(n)) this.addClassToHast(line, 'highlighted');
            },
            pre(pre) {
              pre.properties.tabindex = '0';
              pre.properties['data-language'] = requested;
            },
          },
        ],
      });
      const pre = hast.children[0] as Element;
      const children: ElementContent[] = [];
      if (title) children.push({ type: 'element', tagName: 'figcaption', properties: { className: ['code-title'] }, children: [{ type: 'text', value: title }] });
      children.push(pre);
      const figure: Element = { type: 'element', tagName: 'figure', properties: { className: ['code-block'], 'data-language': requested }, children };
      parent.children[index] = figure;
    }
  };
}
