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

/** What an importer's file must look like, and what it is told when it does not. */
export interface ImportShape {
  known: readonly string[];
  required: readonly string[];
  maxRows: number;
  /** the refusals: no rows, too many, and the columns' rule (unknown and missing ones appended) */
  noRows: string;
  tooMany: string;
  columns: string;
}

/**
 * An import's rows (readCsvRecords) once the file has rows, only known columns, the required ones
 * and not too many rows; else 422 on `csv`.
 */
export function readImportRecords(csv: string, shape: ImportShape) {
  const records = readCsvRecords(csv);
  const columns = Object.keys(records[0]?.raw ?? {});
  const unknown = columns.filter((name) => !shape.known.includes(name));
  const missing = shape.required.filter((name) => records.length > 0 && !columns.includes(name));
  if (records.length === 0) throw unprocessable({ csv: [shape.noRows] });
  if (unknown.length > 0 || missing.length > 0)
    throw unprocessable({
      csv: [
        shape.columns +
          (unknown.length > 0 ? ` Unknown: ${unknown.join(', ')}.` : '') +
          (missing.length > 0 ? ` Missing: ${missing.join(', ')}.` : ''),
      ],
    });
  if (records.length > shape.maxRows) throw unprocessable({ csv: [shape.tooMany] });
  return records;
}
