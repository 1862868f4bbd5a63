import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ReportPayload, ReportResult } from '../../../shared/contract/reports';
import type { ServiceContext } from '../../context';
import { BYTE_ORDER_MARK, neutralizeCell } from '../../http/csv-cells';
import { calculate, requireSection, scopeOf, windowOf } from './reports.service';
import { allBookings } from './technical-list.queries';

type Line = ReadonlyArray<string | number | null>;

const TECHNICAL_HEADER = [
  'id',
  'resource',
  'level',
  'type',
  'host',
  'starts_at',
  'ends_at',
  'status',
  'approval_status',
  'checked_in_at',
  'checked_out_at',
];

/** The table a section's export holds: what its screen's data table shows. */
function figureLines(result: ReportResult): Line[] {
  if (result.by_hour && result.by_day)
    return [
      ['period', 'min', 'average', 'max'],
      ...result.by_hour.map((row) => [`hour ${row.key}`, row.min, row.average, row.max]),
      ...result.by_day.map((row) => [row.key, row.min, row.average, row.max]),
    ];
  if (result.prediction)
    return [['key', 'expected_pct'], ...result.prediction.map((row) => [row.key, row.expected_pct])];
  const lines: Line[] = [['kind', 'key', 'name', 'booked_pct', 'used_pct', 'bookings', 'no_shows']];
  for (const point of result.series ?? [])
    lines.push(['interval', point.key, '', point.booked_pct, point.used_pct, '', '']);
  for (const row of result.by_level ?? [])
    lines.push(['level', row.id, row.name, row.booked_pct, row.used_pct, row.bookings, row.no_shows]);
  for (const row of result.by_type ?? [])
    lines.push(['type', row.id, row.name, row.booked_pct, row.used_pct, row.bookings, row.no_shows]);
  for (const row of result.by_resource ?? [])
    lines.push(['resource', row.id, row.name, row.booked_pct, row.used_pct, row.bookings, row.no_shows]);
  return lines;
}

async function* technicalLines(ctx: ServiceContext, payload: ReportPayload): AsyncGenerator<Line> {
  const resources = await scopeOf(ctx, payload);
  yield TECHNICAL_HEADER;
  for await (const row of allBookings(
    ctx.db,
    ctx,
    resources.map((resource) => resource.id),
    windowOf(payload),
  ))
    yield [
      row.id,
      row.resource,
      row.level,
      row.type,
      row.host,
      row.starts_at,
      row.ends_at,
      row.status,
      row.approval_status,
      row.checked_in_at,
      row.checked_out_at,
    ];
}

/**
 * POST reports/export (spec §9: CurrentExport.csv, byte order mark first). The technical list is
 * read a batch at a time and written as it is read, so a year of a large company never sits in
 * memory; every text cell is neutralised (csv-cells.ts). Permissions and the filters are checked
 * before the first byte, so a refusal is still an error answer, not half a file. `calculated` is
 * the payload's figures when the caller has them already (the weekly mails).
 */
export async function exportCsv(
  ctx: ServiceContext,
  payload: ReportPayload,
  calculated?: ReportResult,
): Promise<Readable> {
  requireSection(ctx, payload.section);
  const lines: AsyncIterable<Line> | Iterable<Line> =
    payload.section === 'technical_list'
      ? await firstChecked(technicalLines(ctx, payload))
      : figureLines(calculated ?? (await calculate(ctx, payload, { page: 1, per_page: 100 })));
  const cells = async function* () {
    for await (const line of lines)
      yield line.map((cell) => (typeof cell === 'string' ? neutralizeCell(cell) : (cell ?? '')));
  };
  const csv = stringify({ bom: false });
  const out = Readable.from(cells()).pipe(csv);
  return Readable.from(withBom(out));
}

async function* withBom(source: AsyncIterable<Buffer | string>): AsyncGenerator<string | Buffer> {
  yield BYTE_ORDER_MARK;
  yield* source;
}

/** Runs a generator to its first line (where the filters are checked), then hands the rest on. */
async function firstChecked(source: AsyncGenerator<Line>): Promise<AsyncIterable<Line>> {
  const first = await source.next();
  return (async function* () {
    if (!first.done) yield first.value;
    yield* source;
  })();
}
