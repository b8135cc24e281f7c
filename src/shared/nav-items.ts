/**
 * The links inside a navbar item, each with its key path under the item: a dropdown's entries (`items.<n>`), and
 * the links a locale or version dropdown shows before and after its own entries (`itemsBefore.<n>`,
 * `itemsAfter.<n>`, Docusaurus's `dropdownItemsBefore` and `dropdownItemsAfter`). Every stage that checks or
 * resolves the navbar's links walks them through this, so none is missed.
 */
export function navSubLinks<T>(item: { type: string; items?: T[]; itemsBefore?: T[]; itemsAfter?: T[] }): [T, string][] {
  if (item.type === 'dropdown') return (item.items ?? []).map((link, j) => [link, `items.${j}`]);
  return [
    ...(item.itemsBefore ?? []).map((link, j): [T, string] => [link, `itemsBefore.${j}`]),
    ...(item.itemsAfter ?? []).map((link, j): [T, string] => [link, `itemsAfter.${j}`]),
  ];
}
