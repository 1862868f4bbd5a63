import type { Kysely } from 'kysely';
import type { CreateLevelBody, Level, UpdateLevelBody } from '../../../shared/contract/levels';
import { QR_ENTITY_KINDS } from '../../../shared/contract/qr-codes';
import { notValid, workingHoursErrors, type FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { deleteQrCodes } from '../qr-codes';
import type { ReferenceData, ReferenceLists } from '../../reference';
import { deleteResourcesOnLevels, levelsWithFutureBookings } from '../resources';
import {
  ancestorsOf,
  existingIds,
  levelById,
  lockCompanyLevels,
  siblingNamesTaken,
  translationsOf,
} from './levels.queries';
import { getLevel } from './levels.service';

export const MESSAGES = {
  cycle: 'A level cannot be placed under itself or one of its sublevels.',
  duplicate: 'Another level under the same parent already has this name.',
  hasSublevels: 'This level has sublevels; delete or move them first.',
  someHaveSublevels: 'Some of these levels have sublevels that are not deleted with them.',
} as const;

/**
 * What may refuse a deletion, each answering why (or null): sublevels left behind, and resources
 * with future bookings (issue 4). All run inside the deleting transaction.
 */
export type LevelDeleteCheck = (
  db: Kysely<Database>,
  companyId: number,
  levelIds: readonly number[],
) => Promise<string | null>;

const deleteChecks: LevelDeleteCheck[] = [
  async (db, companyId, levelIds) => {
    // Children that are deleted in the same call do not block their parent.
    const deleted = new Set(levelIds);
    const children = await db
      .selectFrom('levels')
      .select(['id', 'parent_id'])
      .where('company_id', '=', companyId)
      .where('parent_id', 'in', levelIds)
      .execute();
    const outside = children.filter((child) => !deleted.has(child.id));
    if (outside.length === 0) return null;
    return levelIds.length === 1 ? MESSAGES.hasSublevels : MESSAGES.someHaveSublevels;
  },
  levelsWithFutureBookings,
];

type LevelChange = UpdateLevelBody;

/** Reference ids and names checked against the data; 422 with every bad field at once. */
async function validate(
  tx: Kysely<Database>,
  ctx: ServiceContext,
  lists: ReferenceLists,
  change: LevelChange,
  levelId: number | null,
  parentId: number | null,
): Promise<void> {
  const errors: FieldErrors = {};
  if (change.timezone !== undefined && !lists.timezones.some((zone) => zone.name === change.timezone))
    errors.timezone = [notValid('timezone')];
  if (
    change.country_id !== undefined &&
    change.country_id !== null &&
    !lists.countries.some((country) => country.id === change.country_id)
  )
    errors.country_id = [notValid('country_id')];
  if (change.map_id !== undefined && change.map_id !== null) {
    const map = await tx
      .selectFrom('maps')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', change.map_id)
      .executeTakeFirst();
    if (!map) errors.map_id = [notValid('map_id')];
  }
  if (change.parent_id !== undefined && change.parent_id !== null) {
    // The parent's chain up to the top: the level itself in it means a cycle.
    const chain = await ancestorsOf(tx, ctx.companyId, change.parent_id);
    if (chain.length === 0) errors.parent_id = [notValid('parent_id')];
    else if (levelId !== null && chain.includes(levelId)) errors.parent_id = [MESSAGES.cycle];
  }
  if (change.working_hours_from !== undefined && change.working_hours_to !== undefined) {
    Object.assign(errors, workingHoursErrors(change.working_hours_from, change.working_hours_to));
  }
  if (change.translations) {
    const seen = new Set<number>();
    change.translations.forEach((translation, index) => {
      if (
        !lists.languages.some((language) => language.id === translation.language_id) ||
        seen.has(translation.language_id)
      )
        errors[`translations.${index}.language_id`] = [notValid('language_id')];
      seen.add(translation.language_id);
    });
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  // Unique name per parent per language (checked under the company's level lock).
  const names = change.translations;
  if (names) {
    const taken = await siblingNamesTaken(tx, ctx.companyId, parentId, levelId, names);
    for (const index of taken) errors[`translations.${index}.name`] = [MESSAGES.duplicate];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
  }
}

async function writeTranslations(
  tx: Kysely<Database>,
  companyId: number,
  levelId: number,
  translations: NonNullable<LevelChange['translations']>,
): Promise<void> {
  await tx
    .deleteFrom('level_translations')
    .where('company_id', '=', companyId)
    .where('level_id', '=', levelId)
    .execute();
  await tx
    .insertInto('level_translations')
    .values(
      translations.map((translation) => ({
        company_id: companyId,
        level_id: levelId,
        language_id: translation.language_id,
        name: translation.name.trim(),
      })),
    )
    .execute();
}

/** spec §2: one default level per company; setting one clears the others. */
async function clearDefault(tx: Kysely<Database>, companyId: number, exceptId: number): Promise<void> {
  await tx
    .updateTable('levels')
    .set({ is_default: false })
    .where('company_id', '=', companyId)
    .where('is_default', '=', true)
    .where('id', '<>', exceptId)
    .execute();
}

/** POST levels: one transaction; timezone, country and working hours default from the parent, else the company. */
export async function createLevel(
  ctx: ServiceContext,
  reference: ReferenceData,
  body: CreateLevelBody,
): Promise<Level> {
  // Read before the transaction: on PGlite the pool has one connection, which the transaction holds.
  const lists = await reference.referenceLists();
  const id = await ctx.db.transaction().execute(async (tx) => {
    await lockCompanyLevels(tx, ctx.companyId);
    const parentId = body.parent_id ?? null;
    await validate(tx, ctx, lists, body, null, parentId);
    const parent = parentId === null ? undefined : await levelById(tx, ctx.companyId, parentId);
    const company = await tx
      .selectFrom('companies')
      .select(['timezone', 'country_id'])
      .where('id', '=', ctx.companyId)
      .executeTakeFirstOrThrow();
    const from = body.working_hours_from ?? (parent ? hhmm(parent.working_hours_from) : '00:00');
    const to = body.working_hours_to ?? (parent ? hhmm(parent.working_hours_to) : '23:59');
    const hours = workingHoursErrors(from, to);
    if (Object.keys(hours).length > 0) throw unprocessable(hours);
    if (body.is_default) await clearDefault(tx, ctx.companyId, 0);
    const { id: levelId } = await tx
      .insertInto('levels')
      .values({
        company_id: ctx.companyId,
        parent_id: parentId,
        kind: body.kind,
        timezone: body.timezone ?? parent?.timezone ?? company.timezone,
        country_id:
          body.country_id !== undefined ? body.country_id : (parent?.country_id ?? company.country_id),
        working_hours_from: from,
        working_hours_to: to,
        is_default: body.is_default ?? false,
        is_declarable: body.is_declarable ?? false,
        is_directly_declarable: body.is_directly_declarable ?? false,
        map_id: body.map_id ?? null,
        position: body.position ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeTranslations(tx, ctx.companyId, levelId, body.translations);
    return levelId;
  });
  return getLevel(ctx, id);
}

/** PUT levels/{id}: one transaction; a move is checked against cycles under the company's level lock. */
export async function updateLevel(
  ctx: ServiceContext,
  reference: ReferenceData,
  id: number,
  body: UpdateLevelBody,
): Promise<Level> {
  const lists = await reference.referenceLists();
  await ctx.db.transaction().execute(async (tx) => {
    await lockCompanyLevels(tx, ctx.companyId);
    const current = await levelById(tx, ctx.companyId, id);
    if (!current) throw notFound();
    const parentId = body.parent_id !== undefined ? body.parent_id : current.parent_id;
    const moved = parentId !== current.parent_id;
    // A move re-checks the names against the new siblings.
    const names =
      body.translations ??
      (moved
        ? (await translationsOf(tx, ctx.companyId, [id])).map(({ language_id, name }) => ({
            language_id,
            name,
          }))
        : undefined);
    await validate(tx, ctx, lists, { ...body, ...(names ? { translations: names } : {}) }, id, parentId);
    const from = body.working_hours_from ?? hhmm(current.working_hours_from);
    const to = body.working_hours_to ?? hhmm(current.working_hours_to);
    const hours = workingHoursErrors(from, to);
    if (Object.keys(hours).length > 0) throw unprocessable(hours);
    const { translations, ...columns } = body;
    // Before the update: the unique index allows one default level at any moment.
    if (body.is_default) await clearDefault(tx, ctx.companyId, id);
    if (Object.keys(columns).length > 0)
      await tx
        .updateTable('levels')
        .set(columns)
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
    if (translations) await writeTranslations(tx, ctx.companyId, id, translations);
  });
  return getLevel(ctx, id);
}

/** DELETE levels/{id} and DELETE levels/sublevels: all or nothing, refused with the reason. */
export async function deleteLevels(ctx: ServiceContext, levelIds: readonly number[]): Promise<void> {
  const ids = [...new Set(levelIds)];
  await ctx.db.transaction().execute(async (tx) => {
    await lockCompanyLevels(tx, ctx.companyId);
    const found = await existingIds(tx, ctx.companyId, ids);
    if (found.size !== ids.length) {
      if (ids.length === 1) throw notFound();
      throw unprocessable({ level_ids: [notValid('level_ids')] });
    }
    for (const check of deleteChecks) {
      const refusal = await check(tx, ctx.companyId, ids);
      if (refusal) throw conflict(refusal);
    }
    await deleteQrCodes(tx, ctx.companyId, QR_ENTITY_KINDS.level, ids);
    // The resources on the deleted levels go with them (none has a future booking: checked above).
    await deleteResourcesOnLevels(tx, ctx.companyId, ids);
    // One statement: a parent and its children deleted together pass the parent key check.
    await tx.deleteFrom('levels').where('company_id', '=', ctx.companyId).where('id', 'in', ids).execute();
  });
}

/** A time column as 'HH:MM' ('07:00:00' → '07:00'). */
function hhmm(value: string): string {
  return String(value).slice(0, 5);
}
