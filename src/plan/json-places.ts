import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { lineColumn } from '../shared/text.ts';

/** A place in a data file's text: line and column (1-based), or nothing when it cannot be found. */
export type JsonPlace = { line?: number; column?: number };

/**
 * Where entries of a data file are written, found by their key path in the file's syntax tree (parsed once, when
 * first asked), so a value written with escapes (`"\/download\/"`) is placed as surely as any other, and each
 * entry where it is written whatever order JavaScript gives its keys. The function returned gives, for `'value'`,
 * the place of the value itself (a link's target) and, for `'key'` (the default), the key of a property
 * (`"text": …`), which is what a writer looks for when the value is missing or wrong. An entry that is not there
 * is placed at the nearest enclosing one that is.
 */
export function jsonPlaces(text: string | undefined): (path: (string | number)[], at?: 'key' | 'value') => JsonPlace {
  // Parsed on the first question: a data file with no site paths and no problems is never parsed here.
  let tree: Node | undefined;
  return (path, at = 'key') => {
    if (text === undefined) return {};
    tree ??= parseTree(text);
    if (!tree) return {};
    for (let n = path.length; n >= 0; n--) {
      const node = findNodeAtLocation(tree, path.slice(0, n));
      if (!node) continue;
      const offset = at === 'key' && node.parent?.type === 'property' ? node.parent.offset : node.offset;
      return lineColumn(text, offset);
    }
    return {};
  };
}
