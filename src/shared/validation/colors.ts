/**
 * spec §5: an RGB string of three or four comma-separated numbers of 1-3 digits converts to hex,
 * anything else to ''. A colour value without '#' is converted to hex.
 */
const RGB = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d{1,3})\s*)?$/;

export function rgbToHex(rgb: string): string {
  const match = RGB.exec(rgb);
  if (!match) return '';
  const parts = match
    .slice(1)
    .filter((part): part is string => part !== undefined)
    .map(Number);
  if (parts.some((part) => part > 255)) return '';
  return '#' + parts.map((part) => part.toString(16).padStart(2, '0')).join('');
}

export function toHexColor(value: string): string {
  return value.startsWith('#') ? value : rgbToHex(value);
}
