import { describe, expect, it } from 'vitest';
import { isInside, nudge, pointerToFraction, toPercent } from './floor-plan-geometry';

const RECT = { left: 100, top: 50, width: 400, height: 300 };

describe('a pointer over the floor plan becomes a position in fractions (spec §3 Resource map_x, map_y)', () => {
  it('measures from the top-left corner of the plan as drawn, whatever its size on screen', () => {
    expect(pointerToFraction(200, 125, RECT)).toEqual({ x: 0.25, y: 0.25 });
    expect(pointerToFraction(500, 350, RECT)).toEqual({ x: 1, y: 1 });
    expect(pointerToFraction(300, 200, { ...RECT, width: 800, height: 600 })).toEqual({ x: 0.25, y: 0.25 });
  });

  it('keeps a drag past the edge on the plan', () => {
    expect(pointerToFraction(20, 10, RECT)).toEqual({ x: 0, y: 0 });
    expect(pointerToFraction(900, 900, RECT)).toEqual({ x: 1, y: 1 });
  });

  it('rounds to four decimals so a stored position reads back equal', () => {
    expect(pointerToFraction(100 + 400 / 3, 50, RECT)).toEqual({ x: 0.3333, y: 0 });
  });

  it('places nothing on a plan not drawn yet (no size)', () => {
    expect(pointerToFraction(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 0, y: 0 });
  });

  it('tells a drop over the plan from one outside it', () => {
    expect(isInside(100, 50, RECT)).toBe(true);
    expect(isInside(300, 200, RECT)).toBe(true);
    expect(isInside(99, 200, RECT)).toBe(false);
    expect(isInside(300, 351, RECT)).toBe(false);
  });
});

describe('arrow keys move a marker by 1% of the plan, 5% with Shift', () => {
  const at = { x: 0.5, y: 0.5 };

  it('moves in the direction of the arrow', () => {
    expect(nudge(at, 'ArrowRight', false)).toEqual({ x: 0.51, y: 0.5 });
    expect(nudge(at, 'ArrowLeft', false)).toEqual({ x: 0.49, y: 0.5 });
    expect(nudge(at, 'ArrowUp', false)).toEqual({ x: 0.5, y: 0.49 });
    expect(nudge(at, 'ArrowDown', true)).toEqual({ x: 0.5, y: 0.55 });
  });

  it('stops at the edge of the plan', () => {
    expect(nudge({ x: 0.98, y: 0.02 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0.02 });
    expect(nudge({ x: 0.98, y: 0.02 }, 'ArrowUp', true)).toEqual({ x: 0.98, y: 0 });
  });

  it('ignores other keys', () => {
    expect(nudge(at, 'Enter', false)).toBeNull();
  });

  it('repeated 1% steps add up without float noise', () => {
    let position = { x: 0.1, y: 0.2 };
    for (let step = 0; step < 10; step += 1) position = nudge(position, 'ArrowRight', false)!;
    expect(position).toEqual({ x: 0.2, y: 0.2 });
    expect(toPercent(position.x)).toBe(20);
  });
});
