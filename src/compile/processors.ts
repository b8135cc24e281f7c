import { createProcessor } from '@mdx-js/mdx';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { Compiled, Source } from '../types.ts';
import { fileData, prepareMarkdown, rehypePlugins, remarkPlugins } from './pipeline.ts';

/** Built once per thread and reused: creating a processor combines all syntax extensions anew. */
let markdownProcessor: ReturnType<typeof createMarkdownProcessor> | undefined;
let mdxProcessor: ReturnType<typeof createProcessor> | undefined;

function createMarkdownProcessor() {
  return unified().use(remarkParse).use(remarkPlugins).use(remarkRehype).use(rehypePlugins).use(rehypeStringify).freeze();
}

/** Runs one source through its pipeline: `.md` to an HTML string, `.mdx` to function-body code. Throws VFile messages. */
export async function processSource(source: Source, baseUrl: string): Promise<{ output: Compiled['output']; data: Record<string, unknown> }> {
  const input = { value: prepareMarkdown(source.body), path: source.file, data: fileData(source, baseUrl) };
  if (source.format === 'mdx') {
    mdxProcessor ??= createProcessor({ outputFormat: 'function-body', remarkPlugins, rehypePlugins, development: false });
    const file = await mdxProcessor.process(input);
    return { output: { type: 'mdx', code: String(file.value) }, data: file.data as Record<string, unknown> };
  }
  markdownProcessor ??= createMarkdownProcessor();
  const file = await markdownProcessor.process(input);
  return { output: { type: 'html', html: String(file.value) }, data: file.data as Record<string, unknown> };
}
