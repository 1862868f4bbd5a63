import { sql } from 'kysely';
import type {
  InfoWidget,
  InfoWidgetBody,
  LevelWidget,
  LevelWidgetBody,
  OneClickWidgets,
  PositionsBody,
  UserWidget,
  UserWidgetBody,
} from '../../../shared/contract/one-click';
import {
  ONE_CLICK_MESSAGES as M,
  RESERVED_LINK_NAMES,
  WIDGET_KINDS,
  type UserWidgetName,
} from '../../../shared/one-click/rules';
import { canViewLevel } from '../../../shared/permissions/scoped-access';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { scopedFactsFor } from '../../permissions/scoped';
import { levelFacts, nextPosition, widgetOf, widgetsOf, type WidgetRow } from './one-click.queries';

type LevelKind = typeof WIDGET_KINDS.plan | typeof WIDGET_KINDS.map;
const USER_WIDGET_KINDS = { spacePass: WIDGET_KINDS.spacePass, findPerson: WIDGET_KINDS.findPerson } as const;

async function toLevelWidgets(ctx: ServiceContext, rows: readonly WidgetRow[]): Promise<LevelWidget[]> {
  const facts = await levelFacts(
    ctx,
    rows.map((row) => row.level_id!),
  );
  return rows.map((row) => {
    const level = facts.get(row.level_id!);
    return {
      id: row.id,
      kind: row.kind,
      ordering: row.position,
      level_id: row.level_id!,
      title: row.title,
      level_name: level?.name ?? '',
      level_path: level?.path ?? '',
      has_map: level?.map_id != null,
      is_declarable: level?.is_declarable ?? false,
    };
  });
}

const toInfo = (row: WidgetRow): InfoWidget => ({
  id: row.id,
  kind: row.kind,
  ordering: row.position,
  title: row.title,
  content: row.content,
  url: row.url,
  url_link_name: row.url_link_name,
});

export async function levelWidgets(ctx: ServiceContext, kind: LevelKind): Promise<LevelWidget[]> {
  return toLevelWidgets(ctx, await widgetsOf(ctx, [kind]));
}

export async function infoWidgets(ctx: ServiceContext): Promise<InfoWidget[]> {
  return (await widgetsOf(ctx, [WIDGET_KINDS.info])).map(toInfo);
}

/**
 * The user widgets (spacePass, findPerson) are one row each, made on first read with the page's
 * default (on), so that they have an id the page's order can name.
 */
async function ensureUserWidgets(ctx: ServiceContext): Promise<void> {
  const start = await nextPosition(ctx);
  await ctx.db
    .insertInto('one_click_widgets')
    .values(
      Object.values(USER_WIDGET_KINDS).map((kind, index) => ({
        company_id: ctx.companyId,
        user_id: ctx.userId,
        kind,
        position: start + index,
      })),
    )
    .onConflict((conflict) =>
      // the partial index's own predicate, as literals: PostgreSQL matches the index by it
      conflict
        .columns(['company_id', 'user_id', 'kind'])
        .where(sql<boolean>`kind in (2, 3)`)
        .doNothing(),
    )
    .execute();
}

async function personsActive(ctx: ServiceContext): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('one_click_settings')
    .select('persons_active')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .executeTakeFirst();
  return row?.persons_active ?? true;
}

/** GET widgets: the caller's whole page. */
export async function oneClickWidgets(ctx: ServiceContext): Promise<OneClickWidgets> {
  await ensureUserWidgets(ctx);
  const rows = await widgetsOf(ctx, Object.values(WIDGET_KINDS));
  const levels = await toLevelWidgets(
    ctx,
    rows.filter((row) => row.level_id !== null),
  );
  const persons = await personsActive(ctx);
  const user: UserWidget[] = rows
    .filter((row) => row.kind === WIDGET_KINDS.spacePass || row.kind === WIDGET_KINDS.findPerson)
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.kind === WIDGET_KINDS.spacePass ? 'spacePass' : 'findPerson',
      is_active: row.is_active,
      ordering: row.position,
    }));
  return {
    persons: { is_active: persons },
    plans: levels.filter((widget) => widget.kind === WIDGET_KINDS.plan),
    maps: levels.filter((widget) => widget.kind === WIDGET_KINDS.map),
    info: rows.filter((row) => row.kind === WIDGET_KINDS.info).map(toInfo),
    user_widgets: [...user, { id: null, kind: null, name: 'persons', is_active: persons, ordering: -1 }],
  };
}

/**
 * A plan widget needs a level the caller sees and may book on (spec §5 "only declarable levels can
 * be selected"); a map widget, one the caller sees with a floor map of its own or above it.
 */
async function checkLevel(ctx: ServiceContext, kind: LevelKind, levelId: number): Promise<void> {
  const level = (await levelFacts(ctx, [levelId])).get(levelId);
  if (!level || !canViewLevel(await scopedFactsFor(ctx), levelId).allowed)
    throw unprocessable({ level_id: ['The selected level id is invalid.'] });
  if (kind === WIDGET_KINDS.plan && !level.is_declarable)
    throw unprocessable({ level_id: [M.declarableLevel] });
  if (kind === WIDGET_KINDS.map && level.map_id === null) throw unprocessable({ level_id: [M.levelWithMap] });
}

export async function addLevelWidget(
  ctx: ServiceContext,
  kind: LevelKind,
  body: LevelWidgetBody,
): Promise<LevelWidget> {
  await checkLevel(ctx, kind, body.level_id);
  const row = await ctx.db
    .insertInto('one_click_widgets')
    .values({
      company_id: ctx.companyId,
      user_id: ctx.userId,
      kind,
      level_id: body.level_id,
      title: body.title?.trim() ?? '',
      position: await nextPosition(ctx),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return (await toLevelWidgets(ctx, [row]))[0]!;
}

export async function updateLevelWidget(
  ctx: ServiceContext,
  kind: LevelKind,
  id: number,
  body: LevelWidgetBody,
): Promise<LevelWidget> {
  if (!(await widgetOf(ctx, id, kind))) throw notFound();
  await checkLevel(ctx, kind, body.level_id);
  const row = await ctx.db
    .updateTable('one_click_widgets')
    .set({ level_id: body.level_id, title: body.title?.trim() ?? '' })
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return (await toLevelWidgets(ctx, [row]))[0]!;
}

export async function deleteWidget(
  ctx: ServiceContext,
  kind: number,
  id: number,
): Promise<{ message: string }> {
  const deleted = await ctx.db
    .deleteFrom('one_click_widgets')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound();
  return { message: 'Deleted.' };
}

async function checkLinkName(ctx: ServiceContext, name: string | null, id: number | null): Promise<void> {
  if (name === null) return;
  if ((RESERVED_LINK_NAMES as readonly string[]).includes(name))
    throw unprocessable({ url_link_name: [M.linkNameReserved] });
  const taken = await ctx.db
    .selectFrom('one_click_widgets')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('url_link_name', '=', name)
    .where('id', '!=', id ?? 0)
    .executeTakeFirst();
  if (taken) throw unprocessable({ url_link_name: [M.linkNameTaken] });
}

const infoValues = (body: InfoWidgetBody) => ({
  title: body.title.trim(),
  content: body.content?.trim() ?? '',
  url: body.url ? body.url.trim() : null,
  url_link_name: body.url_link_name ? body.url_link_name : null,
});

export async function addInfo(ctx: ServiceContext, body: InfoWidgetBody): Promise<InfoWidget> {
  const values = infoValues(body);
  await checkLinkName(ctx, values.url_link_name, null);
  const row = await ctx.db
    .insertInto('one_click_widgets')
    .values({
      company_id: ctx.companyId,
      user_id: ctx.userId,
      kind: WIDGET_KINDS.info,
      ...values,
      position: await nextPosition(ctx),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInfo(row);
}

export async function updateInfo(ctx: ServiceContext, id: number, body: InfoWidgetBody): Promise<InfoWidget> {
  if (!(await widgetOf(ctx, id, WIDGET_KINDS.info))) throw notFound();
  const values = infoValues(body);
  await checkLinkName(ctx, values.url_link_name, id);
  const row = await ctx.db
    .updateTable('one_click_widgets')
    .set(values)
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toInfo(row);
}

/** POST users: switches one of the caller's user widgets on or off. */
export async function setUserWidget(ctx: ServiceContext, body: UserWidgetBody): Promise<OneClickWidgets> {
  await setActive(ctx, body.name, body.is_active);
  return oneClickWidgets(ctx);
}

async function setActive(ctx: ServiceContext, name: UserWidgetName, active: boolean): Promise<void> {
  if (name === 'persons') {
    await ctx.db
      .insertInto('one_click_settings')
      .values({ company_id: ctx.companyId, user_id: ctx.userId, persons_active: active })
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'user_id']).doUpdateSet({ persons_active: active }),
      )
      .execute();
    return;
  }
  await ensureUserWidgets(ctx);
  await ctx.db
    .updateTable('one_click_widgets')
    .set({ is_active: active })
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('kind', '=', USER_WIDGET_KINDS[name])
    .execute();
}

/** POST positions: the page's order, every widget of the caller named once. */
export async function setPositions(ctx: ServiceContext, body: PositionsBody): Promise<OneClickWidgets> {
  await ensureUserWidgets(ctx);
  const own = (await widgetsOf(ctx, Object.values(WIDGET_KINDS))).map((row) => row.id);
  const named = new Set(body.ids);
  if (named.size !== body.ids.length || named.size !== own.length || own.some((id) => !named.has(id)))
    throw unprocessable({ ids: [M.positions] });
  await ctx.db.transaction().execute(async (tx) => {
    for (const [position, id] of body.ids.entries())
      await tx
        .updateTable('one_click_widgets')
        .set({ position })
        .where('company_id', '=', ctx.companyId)
        .where('user_id', '=', ctx.userId)
        .where('id', '=', id)
        .execute();
  });
  return oneClickWidgets(ctx);
}
