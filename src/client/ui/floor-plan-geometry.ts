import type { MapPosition } from '../../shared/contract/resources';

/** Where a marker sits: fractions (0 to 1) of the plan's width and height, as the API stores them. */
export interface Fraction {
  x: number;
  y: number;
}

export interface PlanRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Arrow keys move a marker by 1% of the plan, 5% with Shift. */
export const NUDGE_STEP = 0.01;
export const NUDGE_STEP_LARGE = 0.05;

export const clampFraction = (value: number): number =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;

// Four decimals: a tenth of a pixel on a 1000-pixel plan, and no float noise like 0.30000000000000004.
const round = (value: number): number => Math.round(value * 10_000) / 10_000;

/** A pointer at (clientX, clientY) over the plan drawn at `rect`: where on the plan, kept on it. */
export function pointerToFraction(clientX: number, clientY: number, rect: PlanRect): Fraction {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0, y: 0 };
  return {
    x: round(clampFraction((clientX - rect.left) / rect.width)),
    y: round(clampFraction((clientY - rect.top) / rect.height)),
  };
}

/** Whether a pointer is over the plan (a drop from the tray outside it places nothing). */
export function isInside(clientX: number, clientY: number, rect: PlanRect): boolean {
  return (
    clientX >= rect.left &&
    clientX <= rect.left + rect.width &&
    clientY >= rect.top &&
    clientY <= rect.top + rect.height
  );
}

const DIRECTIONS: Record<string, Fraction> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The position after an arrow key (null: not an arrow key), kept on the plan. */
export function nudge(position: Fraction, key: string, large: boolean): Fraction | null {
  const direction = DIRECTIONS[key];
  if (!direction) return null;
  const step = large ? NUDGE_STEP_LARGE : NUDGE_STEP;
  return {
    x: round(clampFraction(position.x + direction.x * step)),
    y: round(clampFraction(position.y + direction.y * step)),
  };
}

/** A whole percentage for people: 0.254 → 25. */
export const toPercent = (fraction: number): number => Math.round(fraction * 100);

export const toMapPosition = (position: Fraction): MapPosition => ({ map_x: position.x, map_y: position.y });

/** Moves smaller than this (in pixels) between press and release are a click, not a drag. */
export const DRAG_THRESHOLD_PX = 4;
