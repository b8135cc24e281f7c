import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';

/**
 * Where an exception thrown by generated code comes from in its source: the first stack frame that `frame`
 * matches (groups: line, column of the generated code), moved up `linesBefore` lines the code's wrapper adds,
 * then mapped through the code's source map. Source and 1-based line and column, or undefined. Used for the
 * project's config and sidebar modules (import-ts) and for MDX pages' code (render).
 */
export function originalPlace(
  e: unknown,
  frame: RegExp,
  map: object,
  linesBefore = 0,
): { source: string; line: number; column: number } | undefined {
  const m = frame.exec((e as Error | undefined)?.stack ?? '');
  return m ? mappedPlace(map, Number(m[1]) - linesBefore, Number(m[2])) : undefined;
}

/** A place in generated code (1-based line and column) mapped through its source map to its source, if it maps. */
export function mappedPlace(map: object, line: number, column: number): { source: string; line: number; column: number } | undefined {
  try {
    const entry = new SourceMap(map as SourceMapPayload).findEntry(line - 1, column - 1) as Partial<SourceMapping>;
    if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined) return undefined;
    return { source: entry.originalSource, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  } catch {
    return undefined;
  }
}
