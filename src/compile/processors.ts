import { createProcessor } from '@mdx-js/mdx';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { Compiled, Source } from '../types.ts';
import { fileData, prepareMarkdown, rehypePlugins, remarkPluginsFor, syntaxKey, syntaxPartsFor, type SyntaxParts } from './pipeline.ts';

/**
 * Built once per thread and combination of syntax extensions, and reused: creating a processor
 * combines its syntax extensions anew.
 */
const markdownProcessors = new Map<string, ReturnType<typeof createMarkdownProcessor>>();
const mdxProcessors = new Map<string, ReturnType<typeof createProcessor>>();

function createMarkdownProcessor(parts: SyntaxParts) {
  return unified().use(remarkParse).use(remarkPluginsFor(parts)).use(remarkRehype).use(rehypePlugins).use(rehypeStringify).freeze();
}

/**
 * Runs one source through its pipeline: `.md` to an HTML string, `.mdx` to function-body code. Throws
 * VFile messages. `only` overrides the syntax extensions chosen from the text (tests compare).
 */
export async function processSource(source: Source, baseUrl: string, only?: SyntaxParts): Promise<{ output: Compiled['output']; data: Record<string, unknown> }> {
  const value = prepareMarkdown(source.body);
  const input = { value, path: source.file, data: fileData(source, baseUrl) };
  const parts = only ?? syntaxPartsFor(value);
  const key = syntaxKey(parts);
  if (source.format === 'mdx') {
    let mdx = mdxProcessors.get(key);
    if (!mdx) mdxProcessors.set(key, (mdx = createProcessor({ outputFormat: 'function-body', remarkPlugins: remarkPluginsFor(parts), rehypePlugins, development: false })));
    const file = await mdx.process(input);
    return { output: { type: 'mdx', code: String(file.value) }, data: file.data as Record<string, unknown> };
  }
  let markdown = markdownProcessors.get(key);
  if (!markdown) markdownProcessors.set(key, (markdown = createMarkdownProcessor(parts)));
  const file = await markdown.process(input);
  return { output: { type: 'html', html: String(file.value) }, data: file.data as Record<string, unknown> };
}
