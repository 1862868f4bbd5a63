import { describe, expect, it } from 'vitest';
import type { Level } from '../../../shared/contract/levels';
import { buildTree, filterTree } from './tree';

const level = (id: number, parent_id: number | null, name: string) => ({ id, parent_id, name }) as Level;

describe('level tree', () => {
  const levels = [
    level(1, null, 'Acme HQ'),
    level(2, 1, 'Building A'),
    level(3, 2, 'Étage 1'),
    level(4, 2, 'Floor 2'),
  ];

  it('nests the flat list under the parents', () => {
    const [root] = buildTree(levels);
    expect(root!.level.name).toBe('Acme HQ');
    expect(root!.children[0]!.children.map((node) => node.level.name)).toEqual(['Étage 1', 'Floor 2']);
  });

  it('keeps the ancestors of matches and ignores accents', () => {
    const [root] = filterTree(buildTree(levels), 'etage');
    expect(root!.children[0]!.children.map((node) => node.level.name)).toEqual(['Étage 1']);
    expect(filterTree(buildTree(levels), 'nothing')).toEqual([]);
  });
});
