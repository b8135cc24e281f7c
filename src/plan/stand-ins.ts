import { untitledName } from '../shared/doc-paths.ts';
import type { Compiled, Source } from '../types.ts';

/**
 * The compiled pages, with a stand-in for each source that failed to compile (its route, title and front
 * matter, no content): planning them keeps links to those pages and sidebar entries from being reported.
 */
export function withStandIns(sources: Source[], compiled: Compiled[]): Compiled[] {
  const byFile = new Map(compiled.map((c) => [c.source.file, c]));
  return sources.map(
    (source): Compiled =>
      byFile.get(source.file) ?? {
        source,
        title: source.frontMatter.title ?? untitledName(source),
        description: source.frontMatter.description ?? '',
        output: { type: 'html', html: '' },
        headings: [],
        toc: [],
        links: [],
        assets: [],
        excerpt: '',
        components: [],
        hasTitleHeading: false,
        standIn: true,
      },
  );
}
