import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { unprocessable } from './errors';

/**
 * ARCHITECTURE.md: CSV exports neutralise cells that start with = + - @ or a control character, so
 * a spreadsheet opening the file never runs one as a formula. A leading apostrophe keeps the text.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const FORMULA_START = /^[=+\-@\u0000-\u001f]/;

export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * An imported cell is text, never a formula; the apostrophe an export put before a formula-like
 * cell is taken off again, so an exported file imports as it was.
 */
export function importedCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** spec §9: exports start with a byte order mark, so spreadsheets read them as UTF-8. */
export const BYTE_ORDER_MARK = '\uFEFF';

/** A CSV export: the byte order mark, the header and the rows, every cell neutralised. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BYTE_ORDER_MARK + stringify([[...header], ...rows].map((row) => row.map(neutralizeCell)));
}

/**
 * An imported file's rows as records by (trimmed, lower-case) column name, each with its line in the
 * file (the header is line 1); a file that cannot be read answers 422 on `csv`.
 */
export function readCsvRecords(csv: string): Array<{ line: number; raw: Record<string, string> }> {
  let records: Array<{ info: { lines: number }; record: Record<string, string> }>;
  try {
    records = parse(csv, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      info: true,
      // separators as spreadsheets write them: commas, or semicolons where the comma is decimal
      delimiter: [',', ';'],
    }) as typeof records;
  } catch (error) {
    throw unprocessable({ csv: [`The file could not be read: ${(error as Error).message}`] });
  }
  return records.map(({ info, record }) => ({
    line: info.lines,
    raw: Object.fromEntries(Object.entries(record).map(([name, value]) => [name, importedCell(value)])),
  }));
}

/** The columns a file names that are not among `known`, and the `required` ones it lacks. */
export function columnProblems(
  records: ReadonlyArray<{ raw: Record<string, string> }>,
  known: readonly string[],
  required: readonly string[],
): { unknown: string[]; missing: string[] } {
  const columns = Object.keys(records[0]?.raw ?? {});
  return {
    unknown: columns.filter((name) => !known.includes(name)),
    missing: required.filter((name) => records.length > 0 && !columns.includes(name)),
  };
}
