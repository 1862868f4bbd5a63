import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IdParam } from '../../../shared/contract/common';
import {
  ActivateBody,
  cockpitPaths,
  ItemFigure,
  ItemParams,
  ItemsBody,
  ItemsOrderBody,
  Widget,
  WidgetIdParam,
  WidgetItemList,
  WidgetList,
  WidgetsOrderBody,
  WidgetTypeList,
} from '../../../shared/contract/cockpit';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { itemFigure } from './figures.service';
import {
  activateWidget,
  listItems,
  listWidgets,
  listWidgetTypes,
  orderItems,
  orderWidgets,
  setItems,
} from './widgets.service';

/** spec §2 /cockpit (COCKPIT) and its §7 calls; each widget type adds its own permission (widgets.ts). */
export function registerCockpitRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['cockpit'];
  const config = { auth: true, permission: 'COCKPIT' } as const;
  const respond = <T extends z.ZodType>(schema: T) => ({ 200: schema, ...ERROR_RESPONSES });
  const ctx = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);

  app.get(
    cockpitPaths.widgets,
    { config, schema: { tags, response: respond(WidgetList) } },
    async (request) => listWidgets(ctx(request)),
  );
  app.get(
    cockpitPaths.widgetTypes,
    { config, schema: { tags, response: respond(WidgetTypeList) } },
    async (request) => listWidgetTypes(ctx(request)),
  );
  app.post(
    cockpitPaths.activate,
    { config, schema: { tags, params: IdParam, body: ActivateBody, response: respond(Widget) } },
    async (request) => activateWidget(ctx(request), request.params.id, request.body),
  );
  app.post(
    cockpitPaths.widgetsOrder,
    { config, schema: { tags, body: WidgetsOrderBody, response: respond(WidgetList) } },
    async (request) => orderWidgets(ctx(request), request.body),
  );
  app.get(
    cockpitPaths.itemsOf,
    { config, schema: { tags, params: WidgetIdParam, response: respond(WidgetItemList) } },
    async (request) => listItems(ctx(request), request.params.widgetId),
  );
  app.post(
    cockpitPaths.items,
    { config, schema: { tags, body: ItemsBody, response: respond(WidgetItemList) } },
    async (request) => setItems(ctx(request), request.body),
  );
  app.post(
    cockpitPaths.itemsOrder,
    {
      config,
      schema: { tags, params: WidgetIdParam, body: ItemsOrderBody, response: respond(WidgetItemList) },
    },
    async (request) => orderItems(ctx(request), request.params.widgetId, request.body),
  );
  app.get(
    cockpitPaths.item,
    { config, schema: { tags, params: ItemParams, response: respond(ItemFigure) } },
    async (request) => itemFigure(ctx(request), request.params.widgetId, request.params.itemId),
  );
}
