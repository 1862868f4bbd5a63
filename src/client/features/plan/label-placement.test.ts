import { describe, expect, it } from 'vitest';
import { placeLabels, type LabelCandidate } from './label-placement';

const MARKER = 26;
const VIEW = { width: 800, height: 600 };
const desk = (id: number, x: number, y: number, priority = 1): LabelCandidate => ({
  id,
  x,
  y,
  width: 60,
  height: 16,
  priority,
});

describe('placeLabels (issue 40: names on markers, never over each other)', () => {
  it('puts a lone marker’s name to its right', () => {
    expect(placeLabels([desk(1, 100, 100)], MARKER, VIEW).get(1)).toBe('right');
  });

  it('moves a name to another side when the right is taken by a neighbour', () => {
    const placed = placeLabels([desk(1, 100, 100), desk(2, 150, 100)], MARKER, VIEW);
    // Desk 1's right would cover desk 2's marker; desk 2's right is free.
    expect(placed.get(2)).toBe('right');
    expect(placed.get(1)).toBe('left');
  });

  it('keeps names inside the map: a marker at the right edge writes its name to the left', () => {
    expect(placeLabels([desk(1, 790, 100)], MARKER, VIEW).get(1)).toBe('left');
  });

  it('drops the name of a marker with no clear side, the more important one keeps its own', () => {
    // Five markers packed closer than a name is wide: not every name fits.
    const packed = [1, 2, 3, 4, 5].map((id) => desk(id, 100 + id * 20, 100, id === 4 ? 0 : 1));
    const placed = placeLabels(packed, MARKER, VIEW);
    expect(placed.get(4)).not.toBeNull();
    expect([...placed.values()].filter((side) => side === null).length).toBeGreaterThan(0);
  });

  it('never lets two shown names overlap', () => {
    const grid = Array.from({ length: 40 }, (_, index) =>
      desk(index + 1, 40 + (index % 8) * 45, 40 + Math.floor(index / 8) * 30),
    );
    const placed = placeLabels(grid, MARKER, VIEW);
    const boxes = grid.flatMap((candidate) => {
      const side = placed.get(candidate.id);
      if (!side) return [];
      const half = MARKER / 2 + 4;
      const left =
        side === 'right' ? candidate.x + half : side === 'left' ? candidate.x - half - 60 : candidate.x - 30;
      const top =
        side === 'below' ? candidate.y + half : side === 'above' ? candidate.y - half - 16 : candidate.y - 8;
      return [{ left, top, right: left + 60, bottom: top + 16 }];
    });
    for (const [index, a] of boxes.entries())
      for (const b of boxes.slice(index + 1))
        expect(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom).toBe(false);
    expect(boxes.length).toBeGreaterThan(0);
  });
});
