/**
 * ARCHITECTURE.md: CSV exports neutralise cells that start with = + - @ or a control character, so
 * a spreadsheet opening the file never runs one as a formula. A leading apostrophe keeps the text.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const FORMULA_START = /^[=+\-@\u0000-\u001f]/;

export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** spec §9: exports start with a byte order mark, so spreadsheets read them as UTF-8. */
export const BYTE_ORDER_MARK = '\uFEFF';
