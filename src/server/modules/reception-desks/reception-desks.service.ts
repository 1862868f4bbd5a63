import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  AllowedContainers,
  CreateReceptionDeskBody,
  DeskContainerList,
  ReceptionDesk,
  ReceptionDeskList,
  ReceptionDeskListQuery,
  UpdateReceptionDeskBody,
} from '../../../shared/contract/reception-desks';
import { ACCESS_TYPES, can, type AccessType } from '../../../shared/permissions';
import type { FieldErrors } from '../../../shared/validation';
import { notValid } from '../../../shared/validation/messages';
import { checkNameTranslations } from '../../../shared/validation/name-translations';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { receptionFactsOf, receptionRefusal } from '../../permissions/reception-desks';
import type { ReferenceData } from '../../reference';
import {
  allowedContainersOf,
  callerLanguage,
  deskAndDescendants,
  deskRows,
  translationsOf,
  userContainerIds,
  type DeskRow,
} from './reception-desks.queries';

export const DESK_NOT_FOUND = 'Reception desk not found.';
export const OWN_PARENT = 'A reception desk cannot be placed below itself.';
export const HOURS_ORDER = 'The working time must end after it starts.';

/** The kiosk's address code: 128 random bits (ARCHITECTURE.md "Public pages and devices"). */
export const newKioskCode = (): string => randomBytes(16).toString('base64url');

async function present(ctx: ServiceContext, rows: DeskRow[]): Promise<ReceptionDesk[]> {
  const ids = rows.map((row) => row.id);
  const [names, allowed] = await Promise.all([
    translationsOf(ctx.db, ctx.companyId, ids),
    allowedContainersOf(ctx.db, ctx.companyId, ids),
  ]);
  // The kiosk's code opens the public page: only those who manage desks see it.
  const showCode = can(ctx.permissions ?? [], ['RECEPTIONS', 'read']);
  return rows.map((row) => ({
    ...row,
    kiosk_code: showCode ? row.kiosk_code : null,
    translations: names
      .filter((name) => name.reception_desk_id === row.id)
      .map(({ language_id, locale, name }) => ({ language_id, locale, name })),
    allowed_containers: allowed
      .filter((container) => container.reception_desk_id === row.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

/**
 * The desks offered to a caller who reads them as reception only (neither RECEPTIONS read nor a
 * host's MY_VISITORS): those they may receive visitors at; null for everyone else (every desk).
 */
async function receivingOnly(ctx: ServiceContext): Promise<((deskId: number) => string | null) | null> {
  const permissions = ctx.permissions ?? [];
  if (can(permissions, [['RECEPTIONS', 'read'], 'MY_VISITORS'])) return null;
  const general = can(permissions, ['VISITOR_MANAGEMENT', 'read']);
  const facts = await receptionFactsOf(ctx.db, ctx.companyId, ctx.userId);
  return (deskId) => receptionRefusal(facts, general, deskId, 'read');
}

/** GET reception-desks; parents=1 with exclude_id: the desks that may be that desk's parent. */
export async function listDesks(
  ctx: ServiceContext,
  query: ReceptionDeskListQuery,
): Promise<ReceptionDeskList> {
  let rows = await deskRows(ctx.db, ctx.companyId, await callerLanguage(ctx.db, ctx.companyId, ctx.userId));
  const refusal = await receivingOnly(ctx);
  if (refusal) rows = rows.filter((row) => refusal(row.id) === null);
  if (query.parents === '1' && query.exclude_id !== undefined) {
    const below = new Set(await deskAndDescendants(ctx.db, ctx.companyId, query.exclude_id));
    rows = rows.filter((row) => !below.has(row.id));
  }
  return { data: await present(ctx, rows) };
}

export async function getDesk(ctx: ServiceContext, id: number): Promise<ReceptionDesk> {
  const rows = await deskRows(
    ctx.db,
    ctx.companyId,
    await callerLanguage(ctx.db, ctx.companyId, ctx.userId),
    id,
  );
  if (rows.length === 0) throw notFound(DESK_NOT_FOUND);
  const refused = (await receivingOnly(ctx))?.(id) ?? null;
  if (refused !== null) throw forbidden(refused);
  return (await present(ctx, rows))[0]!;
}

/** Read before a transaction: the reference lists come from their own connection (PGlite has one). */
async function knownLanguages(reference: ReferenceData): Promise<Set<number>> {
  const { languages } = await reference.referenceLists();
  return new Set(languages.map((language) => language.id));
}

/** The checks of a create or change; answers every field's error at once, writes nothing. */
async function check(
  ctx: ServiceContext,
  tx: Kysely<Database>,
  known: ReadonlySet<number>,
  body: UpdateReceptionDeskBody,
  id: number | null,
): Promise<void> {
  const errors: FieldErrors = {};
  if (body.translations) {
    const company = await tx
      .selectFrom('companies')
      .select('language_id')
      .where('id', '=', ctx.companyId)
      .executeTakeFirstOrThrow();
    checkNameTranslations(body.translations, company.language_id, known, errors);
  }
  if (body.language_id != null && !known.has(body.language_id))
    errors.language_id = [notValid('language_id')];
  if (body.level_id != null) {
    const level = await tx
      .selectFrom('levels')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', body.level_id)
      .executeTakeFirst();
    if (!level) errors.level_id = [notValid('level_id')];
  }
  if (body.parent_id != null) {
    const parent = await tx
      .selectFrom('reception_desks')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', body.parent_id)
      .executeTakeFirst();
    if (!parent) errors.parent_id = [notValid('parent_id')];
    else if (id !== null && (await deskAndDescendants(tx, ctx.companyId, id)).includes(body.parent_id))
      errors.parent_id = [OWN_PARENT];
  }
  const containers = [
    ...(body.allowed_container_ids ?? []),
    ...(body.user_container_id ? [body.user_container_id] : []),
  ];
  const found = await userContainerIds(tx, ctx.companyId, containers);
  if (body.user_container_id != null && !found.has(body.user_container_id))
    errors.user_container_id = [notValid('user_container_id')];
  if ((body.allowed_container_ids ?? []).some((container) => !found.has(container)))
    errors.allowed_container_ids = [notValid('allowed_container_ids')];
  if (body.device_template_id != null) {
    const template = await tx
      .selectFrom('company_device_templates')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', body.device_template_id)
      .where('device_type', '=', 'RECEPTION_DESK')
      .executeTakeFirst();
    if (!template) errors.device_template_id = [notValid('device_template_id')];
  }
  if (body.working_hours_from && body.working_hours_to && body.working_hours_from >= body.working_hours_to)
    errors.working_hours_to = [HOURS_ORDER];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

async function write(
  ctx: ServiceContext,
  tx: Kysely<Database>,
  id: number,
  body: UpdateReceptionDeskBody,
): Promise<void> {
  if (body.translations) {
    await tx
      .deleteFrom('reception_desk_translations')
      .where('company_id', '=', ctx.companyId)
      .where('reception_desk_id', '=', id)
      .execute();
    const names = body.translations
      .map((entry) => ({ language_id: entry.language_id, name: entry.name.trim() }))
      .filter((entry) => entry.name !== '');
    await tx
      .insertInto('reception_desk_translations')
      .values(names.map((entry) => ({ company_id: ctx.companyId, reception_desk_id: id, ...entry })))
      .execute();
  }
  if (body.allowed_container_ids !== undefined || body.user_container_id) {
    const current = await tx
      .selectFrom('reception_desks')
      .select('user_container_id')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const existing = await allowedContainersOf(tx, ctx.companyId, [id]);
    // A desk's fixed user container is always one its visitors may be in.
    const wanted = new Set(body.allowed_container_ids ?? existing.map((row) => row.id));
    if (current.user_container_id) wanted.add(current.user_container_id);
    await tx
      .deleteFrom('reception_desk_allowed_containers')
      .where('company_id', '=', ctx.companyId)
      .where('reception_desk_id', '=', id)
      .execute();
    if (wanted.size > 0)
      await tx
        .insertInto('reception_desk_allowed_containers')
        .values(
          [...wanted].map((container) => ({
            company_id: ctx.companyId,
            reception_desk_id: id,
            container_id: container,
          })),
        )
        .execute();
  }
}

export async function createDesk(
  ctx: ServiceContext,
  reference: ReferenceData,
  body: CreateReceptionDeskBody,
): Promise<ReceptionDesk> {
  const known = await knownLanguages(reference);
  const id = await ctx.db.transaction().execute(async (tx) => {
    await check(ctx, tx, known, body, null);
    const { id } = await tx
      .insertInto('reception_desks')
      .values({
        company_id: ctx.companyId,
        level_id: body.level_id ?? null,
        parent_id: body.parent_id ?? null,
        user_container_id: body.user_container_id ?? null,
        language_id: body.language_id ?? null,
        device_template_id: body.device_template_id ?? null,
        working_hours_from: body.working_hours_from,
        working_hours_to: body.working_hours_to,
        kiosk_code: newKioskCode(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await write(ctx, tx, id, { ...body, allowed_container_ids: body.allowed_container_ids ?? [] });
    return id;
  });
  return getDesk(ctx, id);
}

export async function updateDesk(
  ctx: ServiceContext,
  reference: ReferenceData,
  id: number,
  body: UpdateReceptionDeskBody,
): Promise<ReceptionDesk> {
  const known = await knownLanguages(reference);
  await ctx.db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('reception_desks')
      .select(['id', 'working_hours_from', 'working_hours_to'])
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(DESK_NOT_FOUND);
    await check(
      ctx,
      tx,
      known,
      {
        ...body,
        working_hours_from: body.working_hours_from ?? current.working_hours_from,
        working_hours_to: body.working_hours_to ?? current.working_hours_to,
      },
      id,
    );
    const { translations: _names, allowed_container_ids: _allowed, ...columns } = body;
    if (Object.keys(columns).length > 0)
      await tx
        .updateTable('reception_desks')
        .set(columns)
        .where('company_id', '=', ctx.companyId)
        .where('id', '=', id)
        .execute();
    await write(ctx, tx, id, body);
  });
  return getDesk(ctx, id);
}

/** DELETE reception-desks/{id}: with its visitors and visits (the sub-desks move up to none). */
export async function deleteDesk(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  const deleted = await ctx.db
    .deleteFrom('reception_desks')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound(DESK_NOT_FOUND);
  return { message: 'The reception desk was deleted.' };
}

/** GET reception-desks/containers?access_type_ids=USER,…: containers a desk may name. */
export async function deskContainers(
  ctx: ServiceContext,
  accessTypes: string | undefined,
): Promise<DeskContainerList> {
  // Unknown or no types name no container (an empty list would be `in ()`, which SQL refuses).
  const types = (accessTypes || 'USER')
    .split(',')
    .map((type) => type.trim())
    .filter((type): type is AccessType => (ACCESS_TYPES as readonly string[]).includes(type));
  if (types.length === 0) return { data: [] };
  const rows = await ctx.db
    .selectFrom('user_containers')
    .select(['id', 'name'])
    .where('company_id', '=', ctx.companyId)
    .where('access_type', 'in', types)
    .orderBy('name')
    .execute();
  return { data: rows };
}

/** GET reception-desks/allowed-containers/{id}. */
export async function allowedContainers(ctx: ServiceContext, id: number): Promise<AllowedContainers> {
  const desk = await ctx.db
    .selectFrom('reception_desks')
    .select('user_container_id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!desk) throw notFound(DESK_NOT_FOUND);
  const refused = (await receivingOnly(ctx))?.(id) ?? null;
  if (refused !== null) throw forbidden(refused);
  const rows = await allowedContainersOf(ctx.db, ctx.companyId, [id]);
  return { data: rows.map(({ id, name }) => ({ id, name })), user_container_id: desk.user_container_id };
}
