import type { Element, Root } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';
import { figureOf, grammarFor, knownLanguages, loadGrammarNow, PLAIN, type MagicComment } from '../../highlight/index.ts';
import { closestName } from '../../shared/text.ts';
import { CODES } from '../../diagnostics.ts';
import type { CompileNote, MermaidSettings } from '../../types.ts';
import { compileNote, type CaseData, type CaseName } from '../compile-note.ts';
import { placeIn, type LinkOptions } from './links.ts';
import { walk, type WalkNode } from './walk.ts';

// The highlighter itself (Prism grammars, lines, the figure) is src/highlight.ts, which the render's CodeBlock of a
// project's component uses too; this plugin finds the blocks of a page and notes what in them does not work.
export {
  applyMagicComments,
  highlightRuns,
  loadLanguages,
  parseLineNumbersStart,
  parseLineRanges,
  parseTitle,
  segments,
} from '../../highlight/index.ts';

/** The parts of a fence's meta: a quoted title, a `{…}` line list, `showLineNumbers[=N]`, or a word. */
const META_PART = /title=(?:"[^"]*"|'[^']*')|\{[^}]*\}?|\S+/g;
/**
 * What in a fence's meta does not do what it looks like (each is a note: the block is still shown), given the
 * number of lines of its code and the block's place: an option quire does not know, a title without quotes, a line list with a part
 * that is not a line or range, or that marks lines the block does not have, and a start number that is not one.
 */
export function codeMetaProblems(
  meta: string,
  lineCount: number,
  place: { line?: number; column?: number },
  { projectRemark = false } = {},
): CompileNote[] {
  const problems: CompileNote[] = [];
  const problem = <K extends CaseName<'Q037'>>(name: K, data: CaseData<'Q037', K>) =>
    problems.push(compileNote(CODES.CODE_OPTION, name, data, place));
  for (const [part] of meta.matchAll(META_PART)) {
    if (/^title=["']/.test(part) && /^title=(?:"[^"]*"|'[^']*')$/.test(part)) continue;
    if (part.startsWith('title=')) {
      const value = part.slice('title='.length).replace(/^["']/, '');
      problem('titleUnquoted', { part, value });
    } else if (part.startsWith('{')) {
      if (!part.endsWith('}')) {
        problem('linesUnclosed', { part });
        continue;
      }
      const items = part
        .slice(1, -1)
        .split(',')
        .map((item) => item.trim());
      const bad = items.filter((item) => {
        const m = /^(\d+)(?:-(\d+))?$/.exec(item);
        return !m || Number(m[1]) < 1 || (m[2] !== undefined && Number(m[2]) < Number(m[1]));
      });
      if (bad.length) {
        problem('linesInvalid', { part, bad });
        continue;
      }
      const beyond = items.map((item) => Number(item.split('-').pop())).filter((n) => n > lineCount);
      if (beyond.length) problem('linesBeyond', { part, line: Math.max(...beyond), lineCount });
    } else if (/^showLineNumbers(?:=\d+)?$/.test(part)) continue;
    else if (part.startsWith('showLineNumbers=')) {
      problem('lineNumbers', { part });
    } else {
      const option = part.split('=')[0];
      const near = closestName(option, ['title', 'showLineNumbers']);
      // A word the project's own remark plugins may read (tab-blocks' `tab`) is theirs, unless it looks like a typo
      // of one of quire's: Docusaurus passes every word of the meta on to them.
      if (!projectRemark || near) problem('unknownOption', { part, near });
    }
  }
  return problems;
}

/**
 * Highlights fenced code at build time (no client JavaScript): Prism tokens, a title bar from
 * `title="…"`, highlighted lines from `{1,3-5}` in the fence's meta or highlight comments in the code
 * (see applyMagicComments), and line numbers with `showLineNumbers`. The theme's script adds a copy button.
 */
export function rehypeCode() {
  // Synchronous, the first page to use a language too (its grammar is required, a few milliseconds): the whole
  // compile stays inside the time limit of the thread that runs it, and no page waits on the event loop for a
  // grammar behind the files other work has queued (React Native's website under load, bench/HISTORY.md).
  return (tree: Root, file: VFile): void => {
    const blocks: CodeBlock[] = [];
    walk(tree, (n: WalkNode, index, parent) => {
      if (n.type !== 'element' || (n as Element).tagName !== 'pre' || !parent || index === undefined) return;
      const node = n as Element;
      const code = node.children[0];
      if (code?.type !== 'element' || code.tagName !== 'code') return;
      blocks.push({ node, parent: parent as { children: unknown[] }, index });
    });
    for (const lang of new Set(blocks.map((b) => requestedLanguage(b).toLowerCase()))) loadGrammarNow(lang);
    highlightBlocks(blocks, file);
  };
}

interface CodeBlock {
  node: Element;
  parent: { children: unknown[] };
  index: number;
}

/** The language a fence names (`language-js` → `js`), `text` when none. */
function requestedLanguage({ node }: CodeBlock): string {
  const classes = ((node.children[0] as Element).properties.className as string[] | undefined) ?? [];
  return classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? 'text';
}

function highlightBlocks(blocks: CodeBlock[], file: VFile): undefined {
  const notes: CompileNote[] = [];
  for (const block of blocks) {
    const { node, parent, index } = block;
    const code = node.children[0] as Element;
    const mermaid = file.data.mermaid as MermaidSettings | undefined;
    if (mermaid && requestedLanguage(block).toLowerCase() === 'mermaid') {
      parent.children[index] = mermaidContainer(toString(code).replace(/\n$/, ''), mermaid);
      continue;
    }
    const meta = String((code.data as { meta?: string } | undefined)?.meta ?? code.properties.metastring ?? '');
    const place = placeIn(node as Parameters<typeof placeIn>[0], file.data.linkOptions as LinkOptions);
    const comments = file.data.magicComments as readonly MagicComment[] | undefined;
    const text = toString(code).replace(/\n$/, '');
    // A fence with no code is no text to Docusaurus's theme, which draws it as bare markup, without its title
    // (Babel's "Out" of a plugin that removes everything); a <CodeBlock> given '' keeps its title, as there.
    const shown = text === '' ? meta.replace(/(?:^|\s)title=(?:"[^"]*"|'[^']*'|\S*)/, '') : meta;
    const made = codeFigure(text, requestedLanguage(block), shown, place, file.data.projectRemark === true, comments);
    notes.push(...made.notes);
    parent.children[index] = made.figure;
  }
  if (notes.length) file.data.notes = [...((file.data.notes as CompileNote[] | undefined) ?? []), ...notes];
  return undefined;
}

/**
 * A `mermaid` block where the site draws diagrams (SiteConfig.markdown.mermaid): an empty `Mermaid` island with the
 * diagram's text, which the browser draws in when it comes into view (src/client/mermaid.ts), as Docusaurus's
 * theme-mermaid draws it in the browser (its server-rendered page has nothing there). Its class is the theme's, for
 * the project's CSS.
 */
function mermaidContainer(text: string, settings: MermaidSettings): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['docusaurus-mermaid-container'], dataIsland: 'Mermaid', dataProps: JSON.stringify({ text, ...settings }) },
    children: [],
  };
}

/**
 * A code block's figure (see figureOf) and the notes on what in its language and meta does not work, at `place`.
 * The language's grammar must be loaded (loadLanguages).
 */
export function codeFigure(
  source: string,
  requested: string,
  meta: string,
  place: { line?: number; column?: number },
  projectRemark = false,
  comments?: readonly MagicComment[],
): { figure: Element; notes: CompileNote[] } {
  const { figure, text } = figureOf(source, requested, meta, comments);
  return { figure, notes: codeNotes(requested, meta, text.split('\n').length, place, projectRemark) };
}

/**
 * The notes on a code block's language and meta (see codeMetaProblems) at `place`, for `lineCount` lines (Infinity
 * when the code is known only as the page renders). The language's grammar must be loaded (loadLanguages).
 */
export function codeNotes(
  requested: string,
  meta: string,
  lineCount: number,
  place: { line?: number; column?: number },
  projectRemark = false,
): CompileNote[] {
  const notes = codeMetaProblems(meta, lineCount, place, { projectRemark });
  const lang = requested.toLowerCase();
  if (!PLAIN.has(lang) && grammarFor(lang) === undefined)
    notes.push(compileNote(CODES.CODE_OPTION, 'language', { requested, near: closestName(lang, knownLanguages()) }, place));
  return notes;
}
