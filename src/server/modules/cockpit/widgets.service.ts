import { sql } from 'kysely';
import { WIDGET_ITEMS, WIDGET_TYPES, isWidgetItem, type WidgetType } from '../../../shared/cockpit/widgets';
import type {
  ActivateBody,
  ItemsBody,
  ItemsOrderBody,
  Widget,
  WidgetItemList,
  WidgetList,
  WidgetTypeList,
  WidgetsOrderBody,
} from '../../../shared/contract/cockpit';
import type { ServiceContext } from '../../context';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { allowedTypes } from './viewer';

interface WidgetRow {
  id: number;
  type: WidgetType;
  is_active: boolean;
  ordering: number;
}

/**
 * The viewer's widgets, one per type, made (inactive, with every item of their type chosen) the
 * first time they are read: "adding" a widget is activating it. Two first reads at once make them
 * once, by the unique (company, user, type).
 */
async function ensureWidgets(ctx: ServiceContext): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const made = await tx
      .insertInto('cockpit_widgets')
      .values(
        WIDGET_TYPES.map((type, ordering) => ({
          company_id: ctx.companyId,
          user_id: ctx.userId,
          type,
          is_active: false,
          ordering,
        })),
      )
      .onConflict((conflict) => conflict.columns(['company_id', 'user_id', 'type']).doNothing())
      .returning(['id', 'type'])
      .execute();
    const items = made.flatMap((widget) =>
      WIDGET_ITEMS[widget.type].map((item, ordering) => ({
        company_id: ctx.companyId,
        widget_id: widget.id,
        item,
        ordering,
      })),
    );
    if (items.length > 0) await tx.insertInto('cockpit_widget_items').values(items).execute();
  });
}

async function storedRows(ctx: ServiceContext): Promise<WidgetRow[]> {
  return ctx.db
    .selectFrom('cockpit_widgets')
    .select(['id', 'type', 'is_active', 'ordering'])
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .orderBy('ordering')
    .orderBy('id')
    .execute();
}

/** The viewer's widgets, made first if some type has none yet (a read writes only the first time). */
async function widgetRows(ctx: ServiceContext): Promise<WidgetRow[]> {
  const rows = await storedRows(ctx);
  if (rows.length >= WIDGET_TYPES.length) return rows;
  await ensureWidgets(ctx);
  return storedRows(ctx);
}

async function chosenItems(ctx: ServiceContext, widgetIds: readonly number[]) {
  if (widgetIds.length === 0) return [];
  return ctx.db
    .selectFrom('cockpit_widget_items')
    .select(['widget_id', 'item', 'ordering'])
    .where('company_id', '=', ctx.companyId)
    .where('widget_id', 'in', [...widgetIds])
    .orderBy('ordering')
    .orderBy('item')
    .execute();
}

async function describe(ctx: ServiceContext, rows: readonly WidgetRow[]): Promise<Widget[]> {
  const items = await chosenItems(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    is_active: row.is_active,
    order: row.ordering,
    items: items
      .filter((item) => item.widget_id === row.id && isWidgetItem(row.type, item.item))
      .map((item) => ({ id: item.item as Widget['items'][number]['id'], order: item.ordering })),
  }));
}

/** GET cockpit/widgets: the viewer's widgets of the types their permissions allow, in order. */
export async function listWidgets(ctx: ServiceContext): Promise<WidgetList> {
  const allowed = await allowedTypes(ctx);
  const rows = (await widgetRows(ctx)).filter((row) => allowed.has(row.type));
  return { data: await describe(ctx, rows) };
}

/** GET cockpit/widget-types: every type, active when the viewer's permissions allow it. */
export async function listWidgetTypes(ctx: ServiceContext): Promise<WidgetTypeList> {
  const allowed = await allowedTypes(ctx);
  return { data: WIDGET_TYPES.map((type) => ({ id: type, is_active: allowed.has(type) })) };
}

/** The viewer's widget `id` (another user's or company's is not found), of a type they may use. */
export async function ownWidget(ctx: ServiceContext, id: number): Promise<WidgetRow> {
  const row = (await widgetRows(ctx)).find((widget) => widget.id === id);
  if (!row) throw notFound();
  if (!(await allowedTypes(ctx)).has(row.type)) throw forbidden();
  return row;
}

/**
 * POST cockpit/activate/{id}: adds the widget to the cockpit (at the end) or takes it off. Its
 * items are kept, so a widget taken off and put back shows what it showed.
 */
export async function activateWidget(ctx: ServiceContext, id: number, body: ActivateBody): Promise<Widget> {
  const row = await ownWidget(ctx, id);
  if (row.is_active !== body.is_active) {
    const last = await ctx.db
      .selectFrom('cockpit_widgets')
      .select((eb) => eb.fn.max('ordering').as('last'))
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .executeTakeFirst();
    await ctx.db
      .updateTable('cockpit_widgets')
      .set({ is_active: body.is_active, ...(body.is_active ? { ordering: (last?.last ?? 0) + 1 } : {}) })
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', id)
      .execute();
  }
  const [widget] = await describe(
    ctx,
    (await widgetRows(ctx)).filter((candidate) => candidate.id === id),
  );
  return widget!;
}

function duplicates<T>(values: readonly T[]): boolean {
  return new Set(values).size !== values.length;
}

/** POST cockpit/widgets/order: the viewer's widgets in the order given, all or nothing. */
export async function orderWidgets(ctx: ServiceContext, body: WidgetsOrderBody): Promise<WidgetList> {
  const own = new Set((await widgetRows(ctx)).map((row) => row.id));
  const ids = body.order.map((entry) => entry.id);
  if (duplicates(ids)) throw unprocessable({ order: ['A widget is named twice.'] });
  if (ids.some((id) => !own.has(id))) throw unprocessable({ order: ['The widget is not valid.'] });
  await ctx.db.transaction().execute(async (tx) => {
    for (const entry of body.order)
      await tx
        .updateTable('cockpit_widgets')
        .set({ ordering: entry.order })
        .where('company_id', '=', ctx.companyId)
        .where('user_id', '=', ctx.userId)
        .where('id', '=', entry.id)
        .execute();
  });
  return listWidgets(ctx);
}

/** Every item the widget's type offers: the chosen ones first, in their order, then the rest. */
async function itemChoices(ctx: ServiceContext, widget: WidgetRow): Promise<WidgetItemList> {
  const chosen = (await chosenItems(ctx, [widget.id])).filter((row) => isWidgetItem(widget.type, row.item));
  const names = new Set(chosen.map((row) => row.item));
  const rest = WIDGET_ITEMS[widget.type].filter((item) => !names.has(item));
  return {
    data: [
      ...chosen.map((row) => ({
        id: row.item as (typeof rest)[number],
        order: row.ordering,
        is_active: true,
      })),
      ...rest.map((item, index) => ({ id: item, order: chosen.length + index, is_active: false })),
    ],
  };
}

/** GET cockpit/items/{widgetId}. */
export async function listItems(ctx: ServiceContext, widgetId: number): Promise<WidgetItemList> {
  return itemChoices(ctx, await ownWidget(ctx, widgetId));
}

/**
 * POST cockpit/items: the items the widget shows from now on, in the order given. A widget that is
 * not the viewer's is a field naming a record that is not theirs: 422, as any such field.
 */
export async function setItems(ctx: ServiceContext, body: ItemsBody): Promise<WidgetItemList> {
  const widget = (await widgetRows(ctx)).find((row) => row.id === body.widget_id);
  if (!widget) throw unprocessable({ widget_id: ['The widget is not valid.'] });
  if (!(await allowedTypes(ctx)).has(widget.type)) throw forbidden();
  if (duplicates(body.items)) throw unprocessable({ items: ['An item is named twice.'] });
  if (body.items.some((item) => !isWidgetItem(widget.type, item)))
    throw unprocessable({ items: ['The item is not valid.'] });
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('cockpit_widget_items')
      .where('company_id', '=', ctx.companyId)
      .where('widget_id', '=', widget.id)
      .execute();
    if (body.items.length > 0)
      await tx
        .insertInto('cockpit_widget_items')
        .values(
          body.items.map((item, ordering) => ({
            company_id: ctx.companyId,
            widget_id: widget.id,
            item,
            ordering,
          })),
        )
        .execute();
  });
  return itemChoices(ctx, widget);
}

/** POST cockpit/items/order/{widgetId}: the chosen items in the order given, all or nothing. */
export async function orderItems(
  ctx: ServiceContext,
  widgetId: number,
  body: ItemsOrderBody,
): Promise<WidgetItemList> {
  const widget = await ownWidget(ctx, widgetId);
  const chosen = new Set((await chosenItems(ctx, [widget.id])).map((row) => row.item));
  const ids = body.order.map((entry) => entry.id);
  if (duplicates(ids)) throw unprocessable({ order: ['An item is named twice.'] });
  if (ids.some((id) => !chosen.has(id))) throw unprocessable({ order: ['The item is not valid.'] });
  await sql`
    update cockpit_widget_items i set ordering = o.ordering
    from jsonb_to_recordset(${JSON.stringify(body.order.map((entry) => ({ item: entry.id, ordering: entry.order })))}::jsonb)
      as o(item text, ordering integer)
    where i.company_id = ${ctx.companyId} and i.widget_id = ${widget.id} and i.item = o.item`.execute(ctx.db);
  return itemChoices(ctx, widget);
}
