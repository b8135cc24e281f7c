import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { figureOf, loadGrammarNow } from '../highlight/index.ts';

/**
 * Docusaurus's `@theme/CodeBlock` in a project's own code (PageProps.codeBlock): the figure a fenced block with this
 * language and meta gets (title, highlighted lines, line numbers), highlighted now, while the page renders, since
 * its text may be a value of the code. The grammar loads on first use, the same one in every thread.
 */
export function codeBlock(code: string, language: string, meta: string): unknown {
  loadGrammarNow(language.toLowerCase());
  const { figure } = figureOf(code.replace(/\n$/, ''), language, meta);
  return toJsxRuntime(figure, { Fragment, jsx, jsxs, elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom' });
}
