/** Where a marker's name goes: beside it on one of four sides, or nowhere when every side collides. */
export type LabelSide = 'right' | 'left' | 'above' | 'below';

export interface LabelCandidate {
  id: number;
  /** the marker's centre, in the map container's pixels */
  x: number;
  y: number;
  /** the name's box */
  width: number;
  height: number;
  /** placed first: the user's own booking, then free resources */
  priority: number;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const SIDES: readonly LabelSide[] = ['right', 'left', 'below', 'above'];
/** between a marker's edge and its name */
const GAP = 4;

/**
 * Where a name of `width` × `height` starts on `side` of a marker `markerPx` wide, from the marker's
 * centre (the map draws it there; placeLabels tests the same box).
 */
export function labelOffset(
  side: LabelSide,
  width: number,
  height: number,
  markerPx: number,
): { left: number; top: number } {
  const half = markerPx / 2;
  switch (side) {
    case 'right':
      return { left: half + GAP, top: -height / 2 };
    case 'left':
      return { left: -half - GAP - width, top: -height / 2 };
    case 'below':
      return { left: -width / 2, top: half + GAP };
    case 'above':
      return { left: -width / 2, top: -half - GAP - height };
  }
}

function boxOf(candidate: LabelCandidate, side: LabelSide, markerPx: number): Box {
  const { left, top } = labelOffset(side, candidate.width, candidate.height, markerPx);
  const x = candidate.x + left;
  const y = candidate.y + top;
  return { left: x, top: y, right: x + candidate.width, bottom: y + candidate.height };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Names beside markers without any two overlapping, nor a name over a marker: each marker, most
 * important first, takes the first side whose box is clear and inside `view`; a marker with no
 * clear side shows no name (its name stays in its accessible label and tooltip). Zooming in spreads
 * the markers, so more names find room: the detail follows the zoom.
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  markerPx: number,
  view: { width: number; height: number },
): Map<number, LabelSide | null> {
  const half = markerPx / 2;
  const taken: Box[] = candidates.map(({ x, y }) => ({
    left: x - half,
    top: y - half,
    right: x + half,
    bottom: y + half,
  }));
  const inside = (box: Box) =>
    box.left >= 0 && box.top >= 0 && box.right <= view.width && box.bottom <= view.height;
  const placed = new Map<number, LabelSide | null>();
  const order = [...candidates].sort((a, b) => a.priority - b.priority || a.id - b.id);
  for (const candidate of order) {
    const side =
      SIDES.find((option) => {
        const box = boxOf(candidate, option, markerPx);
        return inside(box) && !taken.some((other) => overlaps(box, other));
      }) ?? null;
    if (side) taken.push(boxOf(candidate, side, markerPx));
    placed.set(candidate.id, side);
  }
  return placed;
}
