/**
 * A whole-number preference as stored (text, or nothing when never set): its value when it is an
 * integer within [min, max], else the fallback (the default), so a job never acts on a bad value.
 */
export function storedInteger(
  stored: string | null | undefined,
  { min, max, fallback }: { min: number; max: number; fallback: number },
): number {
  const value = Number(stored ?? fallback);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}
