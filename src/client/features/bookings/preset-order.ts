/** The order after moving one preset up (-1) or down (+1): every preset numbered anew from 0. */
export function movedOrder(
  presets: readonly { id: number }[],
  id: number,
  by: -1 | 1,
): { id: number; order: number }[] {
  const ids = presets.map((preset) => preset.id);
  const from = ids.indexOf(id);
  const to = from + by;
  if (from >= 0 && to >= 0 && to < ids.length) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids.map((each, order) => ({ id: each, order }));
}
