import { sql, type Kysely } from 'kysely';
import type { ImportPreview, ImportResult } from '../../../shared/contract/csv-import';
import { MAX_IMPORT_ROWS } from '../../../shared/contract/csv-import';
import {
  VISITOR_IMPORT_COLUMNS,
  VISITOR_REPORT_COLUMNS,
  VisitorPerson,
  type VisitGroup,
} from '../../../shared/contract/visitors';
import { addDays, minutesOf, wallClockAt, zonedInstant } from '../../../shared/time/zone';
import { fieldErrorsFromZod, type FieldErrors } from '../../../shared/validation';
import { notValid } from '../../../shared/validation/messages';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { csvDocument, readImportRecords } from '../../http/csv-cells';
import { unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';
import { blockedErrors } from './block-list';
import { assertReceives } from './reception';
import { checkContainers, insertVisitor } from './visitors.service';
import { announceNewVisit, checkVisit, insertVisit, languageOf, type Deps } from './visits.service';
import { deskRules, visitRows } from './visitors.queries';

/** A list of the day's guests, not a directory: a file holds at most this many rows. */
const REQUIRED = ['first_name', 'date', 'start', 'end'] as const;
const KNOWN: readonly string[] = [...VISITOR_IMPORT_COLUMNS, ...VISITOR_REPORT_COLUMNS];
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const BAD_DATE = 'Write the date as YYYY-MM-DD.';
export const BAD_TIME = 'Write the time as HH:MM.';

interface CheckedRow {
  line: number;
  raw: Record<string, string>;
  errors: FieldErrors;
  visit: {
    person: VisitorPerson;
    languageId: number | null;
    hostId: number | null;
    startsAt: Date;
    endsAt: Date;
  } | null;
}

type VisitorPerson = ReturnType<typeof VisitorPerson.parse>;

/** The zone of a desk's clock: its level's, else the company's. */
async function deskZone(db: Kysely<Database>, companyId: number, deskId: number): Promise<string> {
  const { rows } = await sql<{ tz: string }>`
    select coalesce(l.timezone, c.timezone) as tz
    from reception_desks d join companies c on c.id = d.company_id
    left join levels l on l.company_id = d.company_id and l.id = d.level_id
    where d.company_id = ${companyId} and d.id = ${deskId}`.execute(db);
  return rows[0]!.tz;
}

/** The desk exists in the company (else 422 on reception_desk_id) and the caller receives there. */
async function receivingDesk(ctx: ServiceContext, db: Kysely<Database>, deskId: number, create: boolean) {
  if (!(await deskRules(db, ctx.companyId, deskId)))
    throw unprocessable({ reception_desk_id: [notValid('reception_desk_id')] });
  await assertReceives(ctx, create ? 'create' : 'read', deskId, db);
}

const readRows = (csv: string) =>
  readImportRecords(csv, {
    known: KNOWN,
    required: REQUIRED,
    maxRows: MAX_IMPORT_ROWS,
    noRows: 'The file has no visitors.',
    tooMany: `A file holds at most ${MAX_IMPORT_ROWS} visitors.`,
    columns: `The columns must be ${VISITOR_IMPORT_COLUMNS.join(', ')} (first_name, date, start and end required).`,
  });

/** Every row checked as inviting one visitor is (person, language, host, times, block list). */
async function checkRows(
  ctx: ServiceContext,
  db: Kysely<Database>,
  reference: ReferenceData,
  deskId: number,
  csv: string,
): Promise<CheckedRow[]> {
  const rows = readRows(csv);
  const { languages } = await reference.referenceLists();
  const zone = await deskZone(db, ctx.companyId, deskId);
  const hostEmails = [
    ...new Set(rows.map((row) => (row.raw.host_email ?? '').toLowerCase()).filter(Boolean)),
  ];
  const { rows: hosts } = await sql<{ id: number; email: string }>`select id, lower(email) as email from users
    where company_id = ${ctx.companyId} and not is_visitor and not stands_for_removed
      and lower(email) = any(${hostEmails}::text[])`.execute(db);
  const hostByEmail = new Map(hosts.map((host) => [host.email, host.id]));
  const listed = await blockedErrors(
    db,
    ctx.companyId,
    deskId,
    'invitation',
    Object.fromEntries(rows.map((row) => [String(row.line), row.raw.email])),
  );
  const checked: CheckedRow[] = [];
  for (const { line, raw } of rows) {
    const errors: FieldErrors = {};
    const person = VisitorPerson.safeParse({
      first_name: raw.first_name ?? '',
      last_name: raw.last_name ?? '',
      email: raw.email ?? '',
      phone: raw.phone ?? '',
      visitor_company: raw.visitor_company ?? '',
    });
    if (!person.success) Object.assign(errors, fieldErrorsFromZod(person.error));
    if (listed[String(line)]) errors.email = listed[String(line)]!;
    const languageCode = (raw.language ?? '').toLowerCase();
    const language = languageCode
      ? languages.find((entry) => entry.code === languageCode || entry.locale.toLowerCase() === languageCode)
      : null;
    if (language === undefined) errors.language = ['This language does not exist.'];
    const hostEmail = (raw.host_email ?? '').toLowerCase();
    const hostId = hostEmail ? (hostByEmail.get(hostEmail) ?? null) : null;
    if (hostEmail && hostId === null) errors.host_email = [notValid('host_email')];
    const date = raw.date ?? '';
    const validDate = DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
    if (!validDate) errors.date = [BAD_DATE];
    for (const column of ['start', 'end'] as const)
      if (!TIME.test(raw[column] ?? '')) errors[column] = [BAD_TIME];
    let times: { startsAt: Date; endsAt: Date } | null = null;
    if (validDate && !errors.start && !errors.end) {
      const startsAt = zonedInstant(date, minutesOf(raw.start!), zone);
      const endsAt = zonedInstant(date, minutesOf(raw.end!), zone);
      const timeErrors: FieldErrors = {};
      await checkVisit(
        ctx,
        db,
        { starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() },
        timeErrors,
      );
      if (timeErrors.ends_at) errors.end = timeErrors.ends_at;
      else times = { startsAt, endsAt };
    }
    const ok = Object.keys(errors).length === 0 && person.success && times !== null;
    checked.push({
      line,
      raw,
      errors,
      visit: ok ? { person: person.data, languageId: language?.id ?? null, hostId, ...times! } : null,
    });
  }
  return checked;
}

const toPreview = (rows: CheckedRow[]): ImportPreview => {
  const invalid = rows.filter((row) => row.visit === null).length;
  return {
    rows: rows.map((row) => ({
      line: row.line,
      email: row.raw.email ?? '',
      first_name: row.raw.first_name ?? '',
      last_name: row.raw.last_name ?? '',
      errors: row.errors,
    })),
    valid: rows.length - invalid,
    invalid,
  };
};

/** POST visitors/import/preview: each row with its errors; writes nothing. */
export async function previewVisitorImport(
  ctx: ServiceContext,
  reference: ReferenceData,
  deskId: number,
  csv: string,
): Promise<ImportPreview> {
  await receivingDesk(ctx, ctx.db, deskId, true);
  return toPreview(await checkRows(ctx, ctx.db, reference, deskId, csv));
}

/**
 * POST visitors/import: every row or none (422 naming each bad row's line and column); each row a
 * visitor of the desk (in its fixed user container) with a visit, invited by mail, in one transaction.
 */
export async function importVisitors(
  ctx: ServiceContext,
  deps: Deps,
  reference: ReferenceData,
  deskId: number,
  csv: string,
): Promise<ImportResult> {
  await receivingDesk(ctx, ctx.db, deskId, true);
  // Reference lists are read before the transaction: PGlite runs one connection, which it holds.
  await reference.referenceLists();
  const rows = await checkRows(ctx, ctx.db, reference, deskId, csv);
  const errors: FieldErrors = {};
  for (const row of rows)
    for (const [field, messages] of Object.entries(row.errors))
      errors[`rows.${row.line}.${field}`] = messages;
  if (Object.keys(errors).length > 0)
    throw unprocessable(errors, 'Some rows are not valid: nothing was imported.');
  const created = await ctx.db.transaction().execute(async (tx) => {
    const containers = await checkContainers(ctx, tx, deskId, undefined, errors);
    for (const row of rows) {
      const visit = row.visit!;
      const visitorId = await insertVisitor(
        ctx,
        tx,
        deskId,
        visit.hostId,
        visit.languageId,
        visit.person,
        containers,
      );
      const visitId = await insertVisit(ctx, tx, {
        visitorId,
        deskId,
        hostId: visit.hostId,
        startsAt: visit.startsAt,
        endsAt: visit.endsAt,
      });
      await announceNewVisit(ctx, tx, deps, visitId);
    }
    return rows.length;
  });
  return { message: created === 1 ? '1 visitor imported.' : `${created} visitors imported.`, created };
}

/** GET visitors/report: the desk's visits of the group, in the import's columns and their outcome. */
export async function visitorReport(
  ctx: ServiceContext,
  reference: ReferenceData,
  deskId: number,
  group: VisitGroup,
): Promise<string> {
  await receivingDesk(ctx, ctx.db, deskId, false);
  const [{ languages }, zone, visits] = await Promise.all([
    reference.referenceLists(),
    deskZone(ctx.db, ctx.companyId, deskId),
    visitRows(ctx.db, ctx.companyId, await languageOf(ctx), { deskId, group }),
  ]);
  const ids = visits.map((visit) => visit.visitor_id);
  const people = ids.length
    ? await ctx.db
        .selectFrom('visitors')
        .select(['id', 'first_name', 'last_name', 'phone', 'language_id'])
        .where('company_id', '=', ctx.companyId)
        .where('id', 'in', ids)
        .execute()
    : [];
  const personOf = new Map(people.map((person) => [person.id, person]));
  const languageCode = new Map(languages.map((language) => [language.id, language.code]));
  const clock = (instant: Date | null) => {
    if (!instant) return { date: '', time: '' };
    const wall = wallClockAt(new Date(instant), zone);
    return { date: wall.date, time: wall.time };
  };
  const rows = visits.map((visit) => {
    const person = personOf.get(visit.visitor_id);
    const start = clock(visit.starts_at);
    return [
      person?.first_name ?? '',
      person?.last_name ?? '',
      visit.visitor_email,
      person?.phone ?? '',
      visit.visitor_company,
      person?.language_id ? (languageCode.get(person.language_id) ?? '') : '',
      visit.host_email ?? '',
      start.date,
      start.time,
      clock(visit.ends_at).time,
      visit.status,
      visit.checked_in_at ? new Date(visit.checked_in_at).toISOString() : '',
      visit.checked_out_at ? new Date(visit.checked_out_at).toISOString() : '',
    ];
  });
  return csvDocument([...VISITOR_IMPORT_COLUMNS, ...VISITOR_REPORT_COLUMNS], rows);
}

/** GET visitors/export-example: the import's columns with two rows for tomorrow, to fill in. */
export function exampleFile(now = new Date()): string {
  const tomorrow = addDays(wallClockAt(now, 'UTC').date, 1);
  return csvDocument(VISITOR_IMPORT_COLUMNS, [
    [
      'Ada',
      'Lovelace',
      'ada@example.com',
      '+44 20 7946 0000',
      'Analytical Engines',
      'en',
      '',
      tomorrow,
      '09:00',
      '11:00',
    ],
    ['Blaise', 'Pascal', 'blaise@example.com', '', 'Pascaline', 'fr', '', tomorrow, '14:00', '15:30'],
  ]);
}
