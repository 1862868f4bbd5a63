import { z } from 'zod';
import { WIDGET_ITEMS, WIDGET_TYPES, type WidgetItem } from '../cockpit/widgets';
import { COMPANY_PREFIX, IdText } from './common';
import { PositiveId } from './ids';

/**
 * spec §2 /cockpit (COCKPIT) and §7 "Cockpit: GET widgets; GET items/{widgetId}; GET
 * item/{widgetId}/{itemId}; GET widget types; POST activate/{id}; POST widgets order; POST items;
 * POST items order/{widgetId}". Each user arranges their own cockpit (docs/cockpit.md).
 */
const BASE = `${COMPANY_PREFIX}/cockpit`;
export const cockpitPaths = {
  widgets: `${BASE}/widgets`,
  widgetTypes: `${BASE}/widget-types`,
  activate: `${BASE}/activate/:id`,
  widgetsOrder: `${BASE}/widgets/order`,
  items: `${BASE}/items`,
  itemsOf: `${BASE}/items/:widgetId`,
  itemsOrder: `${BASE}/items/order/:widgetId`,
  item: `${BASE}/item/:widgetId/:itemId`,
} as const;

export const activatePath = (id: number) => cockpitPaths.activate.replace(':id', String(id));
export const itemsOfPath = (widgetId: number) => cockpitPaths.itemsOf.replace(':widgetId', String(widgetId));
export const itemsOrderPath = (widgetId: number) =>
  cockpitPaths.itemsOrder.replace(':widgetId', String(widgetId));
export const itemPath = (widgetId: number, itemId: string) =>
  cockpitPaths.item.replace(':widgetId', String(widgetId)).replace(':itemId', itemId);

const ALL_ITEMS = [...new Set(Object.values(WIDGET_ITEMS).flat())] as [WidgetItem, ...WidgetItem[]];

export const WidgetTypeKey = z.enum(WIDGET_TYPES);
export const WidgetItemKey = z.enum(ALL_ITEMS);

export const WidgetType = z.object({
  id: WidgetTypeKey,
  /** whether the viewer's permissions let this type onto their cockpit */
  is_active: z.boolean(),
});
export const WidgetTypeList = z.object({ data: z.array(WidgetType) });
export type WidgetTypeList = z.infer<typeof WidgetTypeList>;

export const WidgetItemEntry = z.object({ id: WidgetItemKey, order: z.number().int() });
export const Widget = z.object({
  id: z.number().int(),
  type: WidgetTypeKey,
  is_active: z.boolean(),
  order: z.number().int(),
  /** the items the widget shows, in their order */
  items: z.array(WidgetItemEntry),
});
export type Widget = z.infer<typeof Widget>;
export const WidgetList = z.object({ data: z.array(Widget) });
export type WidgetList = z.infer<typeof WidgetList>;

/** Every item the widget's type offers: the chosen ones first, in their order, then the others. */
export const WidgetItemChoice = WidgetItemEntry.extend({ is_active: z.boolean() });
export const WidgetItemList = z.object({ data: z.array(WidgetItemChoice) });
export type WidgetItemList = z.infer<typeof WidgetItemList>;

export const ActivateBody = z.strictObject({ is_active: z.boolean() });
export type ActivateBody = z.infer<typeof ActivateBody>;

const OrderEntry = <T extends z.ZodType>(id: T) =>
  z.strictObject({ id, order: z.number().int().min(0).max(1000) });
export const WidgetsOrderBody = z.strictObject({ order: z.array(OrderEntry(PositiveId)).min(1).max(50) });
export type WidgetsOrderBody = z.infer<typeof WidgetsOrderBody>;
export const ItemsOrderBody = z.strictObject({ order: z.array(OrderEntry(WidgetItemKey)).min(1).max(50) });
export type ItemsOrderBody = z.infer<typeof ItemsOrderBody>;

/** POST items: the items a widget shows from now on, in this order (the others are left out). */
export const ItemsBody = z.strictObject({
  widget_id: PositiveId,
  items: z.array(WidgetItemKey).max(50),
});
export type ItemsBody = z.infer<typeof ItemsBody>;

export const WidgetIdParam = z.object({ widgetId: IdText });
export const ItemParams = z.object({ widgetId: IdText, itemId: WidgetItemKey });

/** One place a figure is split by (a site and its floors, a reception desk, a status). */
export const FigureRow = z.object({
  id: z.number().int(),
  name: z.string(),
  value: z.number().nullable(),
  rows: z
    .array(z.object({ id: z.number().int(), name: z.string(), value: z.number().nullable() }))
    .optional(),
});
export type FigureRow = z.infer<typeof FigureRow>;

/**
 * GET item/{widgetId}/{itemId}: the item's figure as of `calculated_at`, over what the viewer may
 * read. `value` is a share (0–100, one decimal) or a count; null when there is nothing to measure
 * (no open seat, no booking started yet).
 */
export const ItemFigure = z.object({
  widget_id: z.number().int(),
  item_id: WidgetItemKey,
  unit: z.enum(['percent', 'count']),
  value: z.number().nullable(),
  rows: z.array(FigureRow),
  /** the days the figure covers (YYYY-MM-DD, on the first site's clock) */
  from: z.string(),
  to: z.string(),
  calculated_at: z.string(),
});
export type ItemFigure = z.infer<typeof ItemFigure>;
