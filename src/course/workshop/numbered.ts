/**
 * An item's number in one of the workshop's numbered lists (the worksheet's sections, the map
 * exercise's steps): 1 for the first, as the list is printed, so a reference to an item follows it
 * when it moves.
 */
export function numberIn<Id extends string>(list: readonly { id: Id }[], id: Id): number {
  const at = list.findIndex((item) => item.id === id);
  if (at < 0) throw new RangeError(`no item "${id}" in the list`);
  return at + 1;
}
