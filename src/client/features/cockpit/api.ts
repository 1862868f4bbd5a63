import {
  activatePath,
  cockpitPaths,
  itemPath,
  itemsOfPath,
  itemsOrderPath,
  type ItemFigure,
  type Widget,
  type WidgetItemList,
  type WidgetList,
  type WidgetTypeList,
} from '../../../shared/contract/cockpit';
import { COMPANY_PREFIX } from '../../../shared/contract/common';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';

export const useWidgets = () => useApi<WidgetList>(cockpitPaths.widgets);
export const useWidgetTypes = () => useApi<WidgetTypeList>(cockpitPaths.widgetTypes);
export const useItems = (widgetId: number) => useApi<WidgetItemList>(itemsOfPath(widgetId));
/** Silent: a figure that cannot be read says so in its own card, not in a modal over the cockpit. */
export const useFigure = (widgetId: number, itemId: string) =>
  useApi<ItemFigure>(itemPath(widgetId, itemId), { silent: true }, { keepPreviousData: true });

/** Whether a cached GET is one of the cockpit's figures (what realtime events make stale). */
export const isFigurePath = (path: string) => path.startsWith(`${COMPANY_PREFIX}/cockpit/item/`);

export const activateWidget = (id: number, isActive: boolean) =>
  api.post<Widget>(activatePath(id), { is_active: isActive }, { silent: true });
export const orderWidgets = (ids: readonly number[]) =>
  api.post<WidgetList>(
    cockpitPaths.widgetsOrder,
    { order: ids.map((id, order) => ({ id, order })) },
    { silent: true },
  );
export const chooseItems = (widgetId: number, items: readonly string[]) =>
  api.post<WidgetItemList>(cockpitPaths.items, { widget_id: widgetId, items }, { silent: true });
export const orderItems = (widgetId: number, items: readonly string[]) =>
  api.post<WidgetItemList>(
    itemsOrderPath(widgetId),
    { order: items.map((id, order) => ({ id, order })) },
    { silent: true },
  );
