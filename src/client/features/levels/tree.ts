import { foldForSearch } from '../../../shared/text/search';
import type { Level } from '../../../shared/contract/levels';

export interface LevelNode {
  level: Level;
  children: LevelNode[];
}

/** The flat answer of levels/all?depth=ALL as a tree, keeping the server's order. */
export function buildTree(levels: readonly Level[]): LevelNode[] {
  const nodes = new Map(levels.map((level) => [level.id, { level, children: [] as LevelNode[] }]));
  const roots: LevelNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.level.parent_id === null ? undefined : nodes.get(node.level.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The levels whose name matches, with their ancestors so the tree still reads (accents and case ignored). */
export function filterTree(nodes: readonly LevelNode[], query: string): LevelNode[] {
  const wanted = foldForSearch(query.trim());
  if (!wanted) return [...nodes];
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, query);
    return foldForSearch(node.level.name).includes(wanted) || children.length > 0
      ? [{ ...node, children }]
      : [];
  });
}
