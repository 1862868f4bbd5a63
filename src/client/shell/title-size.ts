/**
 * spec §2: header titles over 17 characters shrink: up to 20 characters 15px, up to 22 14px, up to
 * 25 13px. Longer titles stay at 13px (and are cut with an ellipsis). null: the header's own size.
 */
export function titleFontSize(title: string): number | null {
  const length = [...title].length;
  if (length <= 17) return null;
  if (length <= 20) return 15;
  if (length <= 22) return 14;
  return 13;
}
