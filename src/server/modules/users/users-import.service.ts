import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  CreateUserBody,
  IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  type ImportPreview,
  type ImportRow,
} from '../../../shared/contract/users';
import { fieldErrorsFromZod, type FieldErrors } from '../../../shared/validation';
import type { AppDeps, ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { readImportRecords } from '../../http/csv-cells';
import { unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';
import { sendInvitation } from './invitations.service';
import { EMAIL_TAKEN, type InvitingCompany } from './users.service';

type Deps = Pick<AppDeps, 'codes' | 'mailer' | 'originOf'> & { reference: ReferenceData };

export const DUPLICATE_IN_FILE = 'This e-mail address appears more than once in the file.';
const REQUIRED_COLUMNS = ['email', 'first_name', 'last_name'] as const;
const YES = new Set(['1', 'true', 'yes', 'y', 'x']);
const NO = new Set(['', '0', 'false', 'no', 'n']);

interface ParsedRow {
  line: number;
  body: CreateUserBody | null;
  raw: Record<string, string>;
  errors: FieldErrors;
}

/** The file's rows as records by column name (csv-cells.ts); a bad file answers 422 on `csv`. */
const readCsv = (csv: string) =>
  readImportRecords(csv, {
    known: IMPORT_COLUMNS,
    required: REQUIRED_COLUMNS,
    maxRows: MAX_IMPORT_ROWS,
    noRows: 'The file has no users.',
    tooMany: `A file holds at most ${MAX_IMPORT_ROWS} users.`,
    columns: `The columns must be ${IMPORT_COLUMNS.join(', ')} (email, first_name and last_name required).`,
  });

/** Every row checked as add-user checks one (spec §5 messages), plus the file's own duplicates. */
async function checkRows(
  ctx: ServiceContext,
  db: Kysely<Database>,
  reference: ReferenceData,
  company: InvitingCompany & { language_id: number; timezone: string },
  csv: string,
): Promise<ParsedRow[]> {
  const rows = readCsv(csv);
  const lists = await reference.referenceLists();
  const containers = await db
    .selectFrom('user_containers')
    .select(['id', 'name'])
    .where('company_id', '=', ctx.companyId)
    .where('access_type', '=', 'USER')
    .execute();
  const containerByName = new Map(containers.map((c) => [c.name.trim().toLowerCase(), c.id]));
  const emails = rows.map((row) => (row.raw.email ?? '').toLowerCase());
  const { rows: taken } = await sql<{ email: string }>`select email from users
    where company_id = ${ctx.companyId} and email = any(${emails}::text[])`.execute(db);
  const takenSet = new Set(taken.map((row) => row.email));
  const seen = new Map<string, number>();
  for (const email of emails) seen.set(email, (seen.get(email) ?? 0) + 1);

  return rows.map(({ line, raw }) => {
    const errors: FieldErrors = {};
    const flag = (column: 'is_visitor' | 'sso') => {
      const value = (raw[column] ?? '').toLowerCase();
      if (YES.has(value)) return true;
      if (!NO.has(value)) errors[column] = ['Use 1 or 0 (yes or no).'];
      return false;
    };
    const languageCode = (raw.language ?? '').toLowerCase();
    const language = languageCode
      ? lists.languages.find(
          (entry) => entry.code === languageCode || entry.locale.toLowerCase() === languageCode,
        )
      : lists.languages.find((entry) => entry.id === company.language_id);
    if (!language) errors.language = ['This language does not exist.'];
    const timezone = raw.timezone || company.timezone;
    if (!lists.timezones.some((zone) => zone.name === timezone))
      errors.timezone = ['This timezone does not exist.'];
    const countryCode = (raw.country ?? '').toUpperCase();
    const country = countryCode
      ? lists.countries.find((entry) => entry.code.toUpperCase() === countryCode)
      : null;
    if (countryCode && !country) errors.country = ['This country does not exist.'];
    const containerIds: number[] = [];
    for (const name of (raw.containers ?? '')
      .split('|')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const id = containerByName.get(name.toLowerCase());
      if (id === undefined) errors.containers = [`The container “${name}” does not exist.`];
      else containerIds.push(id);
    }
    const candidate = {
      email: raw.email ?? '',
      first_name: raw.first_name ?? '',
      last_name: raw.last_name ?? '',
      language_id: language?.id ?? 0,
      timezone,
      country_id: country?.id ?? null,
      is_visitor: flag('is_visitor'),
      sso: flag('sso'),
      container_ids: containerIds,
    };
    const parsed = CreateUserBody.safeParse(candidate);
    if (!parsed.success)
      for (const [field, messages] of Object.entries(fieldErrorsFromZod(parsed.error)))
        if (!['language_id', 'container_ids', 'timezone', 'country_id'].includes(field))
          errors[field] ??= messages;
    const email = candidate.email.toLowerCase();
    if (!errors.email && takenSet.has(email)) errors.email = [EMAIL_TAKEN];
    if (!errors.email && (seen.get(email) ?? 0) > 1) errors.email = [DUPLICATE_IN_FILE];
    const ok = Object.keys(errors).length === 0 && parsed.success;
    return { line, raw, errors, body: ok ? { ...parsed.data, email } : null };
  });
}

function toPreview(rows: ParsedRow[]): ImportPreview {
  const shown: ImportRow[] = rows.map((row) => ({
    line: row.line,
    email: row.raw.email ?? '',
    first_name: row.raw.first_name ?? '',
    last_name: row.raw.last_name ?? '',
    errors: row.errors,
  }));
  const invalid = rows.filter((row) => row.body === null).length;
  return { rows: shown, valid: rows.length - invalid, invalid };
}

type ImportingCompany = InvitingCompany & { language_id: number; timezone: string };

/** POST users/import/preview: what the file would add, each row with its errors; writes nothing. */
export async function previewImport(
  ctx: ServiceContext,
  deps: Deps,
  company: ImportingCompany,
  csv: string,
): Promise<ImportPreview> {
  return toPreview(await checkRows(ctx, ctx.db, deps.reference, company, csv));
}

/**
 * POST users/import: every row, or none (422 naming each bad row's line and field); the new users
 * get their containers and, unless SSO signs them in, their invitations, in one transaction.
 */
export async function importUsers(
  ctx: ServiceContext,
  deps: Deps,
  company: ImportingCompany,
  csv: string,
): Promise<{ message: string; created: number }> {
  // Reference lists are read before the transaction: PGlite runs one connection, which it holds.
  await deps.reference.referenceLists();
  const created = await ctx.db.transaction().execute(async (tx) => {
    const rows = await checkRows(ctx, tx, deps.reference, company, csv);
    const errors: FieldErrors = {};
    for (const row of rows)
      for (const [field, messages] of Object.entries(row.errors))
        errors[`rows.${row.line}.${field}`] = messages;
    if (Object.keys(errors).length > 0)
      throw unprocessable(errors, 'Some rows are not valid: nothing was imported.');
    const bodies = rows.map((row) => row.body!);
    const users = await tx
      .insertInto('users')
      .values(
        bodies.map((body) => ({
          company_id: ctx.companyId,
          email: body.email,
          first_name: body.first_name.trim(),
          last_name: body.last_name.trim(),
          language_id: body.language_id,
          timezone: body.timezone,
          country_id: body.country_id,
          is_visitor: body.is_visitor,
          sso: body.sso,
        })),
      )
      .returning(['id', 'email', 'first_name'])
      .execute();
    const byEmail = new Map(users.map((user) => [user.email, user]));
    const memberships = bodies.flatMap((body) =>
      (body.container_ids ?? []).map((container_id) => ({
        company_id: ctx.companyId,
        container_id,
        user_id: byEmail.get(body.email)!.id,
      })),
    );
    if (memberships.length > 0) await tx.insertInto('user_container_members').values(memberships).execute();
    for (const body of bodies)
      if (!body.sso) await sendInvitation(tx, deps, company, byEmail.get(body.email)!, ctx.userId);
    return users.length;
  });
  return { message: created === 1 ? '1 user imported.' : `${created} users imported.`, created };
}
