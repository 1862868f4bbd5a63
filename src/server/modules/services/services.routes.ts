import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam } from '../../../shared/contract/common';
import {
  CreateOrderBody,
  HistoryList,
  HistoryQuery,
  ItemStatusParams,
  MyOrdersQuery,
  OrdersQuery,
  OrderStatusParams,
  SERVICE_STATUSES,
  ServiceItem,
  ServiceItemBody,
  ServiceItemImageBody,
  ServiceItemPage,
  ServiceItemsQuery,
  ServiceOrder,
  ServiceOrderList,
  ServiceOrderPage,
  servicePaths,
  ServiceResourcePage,
  ServiceResourcesQuery,
  ServiceStatusList,
  ServiceType,
  ServiceTypeBody,
} from '../../../shared/contract/services';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { registerImageRoute } from '../maps/image-route';
import {
  createServiceItem,
  createServiceType,
  getServiceItem,
  getServiceItemImage,
  getServiceType,
  listServiceItems,
  storeServiceItemImage,
  updateServiceItem,
  updateServiceType,
} from './catalogue.service';
import { changeStatus, getOrder, listMyOrders, listQueue, orderHistory } from './orders.service';
import { placeOrder } from './place-order';
import { registerServicePageRoutes } from './service-page.routes';
import { listServiceResources } from './service-resources.service';

const IMAGE_BODY_LIMIT = 3 * 1024 * 1024;
const ItemImage = z.object({
  image_url: z.string(),
  mime: z.string(),
  width: z.number(),
  height: z.number(),
});

/** spec §7 Services: statuses, types, items, orders, order status, item status, history, resources. */
export function registerServiceRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['services'];
  const context = (request: Parameters<typeof serviceContext>[0]) => serviceContext(request, deps);
  const signedIn = { auth: true };
  const errors = ERROR_RESPONSES;

  app.get(
    servicePaths.statuses,
    { config: signedIn, schema: { tags, response: { 200: ServiceStatusList, ...errors } } },
    async () => ({ data: SERVICE_STATUSES.map((status) => ({ ...status })) }),
  );

  // ---- catalogue: everyone signed in reads what can be ordered; SERVICE_ITEMS manages it
  // GET services/types (the list) is the resource settings' (resource-settings.routes.ts).
  app.get(
    servicePaths.type,
    { config: signedIn, schema: { tags, params: IdParam, response: { 200: ServiceType, ...errors } } },
    async (request) => getServiceType(context(request), request.params.id),
  );
  app.post(
    servicePaths.types,
    {
      config: { auth: true, permission: ['SERVICE_ITEMS', 'create'] },
      schema: { tags, body: ServiceTypeBody, response: { 201: ServiceType, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createServiceType(context(request), request.body)),
  );
  app.put(
    servicePaths.type,
    {
      config: { auth: true, permission: ['SERVICE_ITEMS', 'update'] },
      schema: { tags, params: IdParam, body: ServiceTypeBody, response: { 200: ServiceType, ...errors } },
    },
    async (request) => updateServiceType(context(request), request.params.id, request.body),
  );

  app.get(
    servicePaths.items,
    {
      config: signedIn,
      schema: { tags, querystring: ServiceItemsQuery, response: { 200: ServiceItemPage, ...errors } },
    },
    async (request) => listServiceItems(context(request), request.query),
  );
  app.get(
    servicePaths.item,
    { config: signedIn, schema: { tags, params: IdParam, response: { 200: ServiceItem, ...errors } } },
    async (request) => getServiceItem(context(request), request.params.id),
  );
  app.post(
    servicePaths.items,
    {
      config: { auth: true, permission: ['SERVICE_ITEMS', 'create'] },
      schema: { tags, body: ServiceItemBody, response: { 201: ServiceItem, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createServiceItem(context(request), request.body)),
  );
  app.put(
    servicePaths.item,
    {
      config: { auth: true, permission: ['SERVICE_ITEMS', 'update'] },
      schema: { tags, params: IdParam, body: ServiceItemBody, response: { 200: ServiceItem, ...errors } },
    },
    async (request) => updateServiceItem(context(request), request.params.id, request.body),
  );
  app.put(
    servicePaths.itemImage,
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      config: { auth: true, permission: ['SERVICE_ITEMS', 'update'] },
      schema: { tags, params: IdParam, body: ServiceItemImageBody, response: { 200: ItemImage, ...errors } },
    },
    async (request) =>
      storeServiceItemImage(context(request), request.params.id, request.body.content_base64),
  );
  registerImageRoute(root, deps, {
    path: servicePaths.itemImage,
    tags,
    permission: [['SERVICE_ITEMS', 'read'], 'SERVICES', 'BOOKINGS', 'MY_BOOKINGS', 'PLAN'],
    load: getServiceItemImage,
  });

  // ---- orders
  app.get(
    servicePaths.orders,
    {
      config: { auth: true, permission: ['SERVICES', 'read'] },
      schema: { tags, querystring: OrdersQuery, response: { 200: ServiceOrderPage, ...errors } },
    },
    async (request) => listQueue(context(request), request.query),
  );
  app.get(
    servicePaths.myOrders,
    {
      config: signedIn,
      schema: { tags, querystring: MyOrdersQuery, response: { 200: ServiceOrderList, ...errors } },
    },
    async (request) => listMyOrders(context(request), request.query.declaration_id),
  );
  app.get(
    servicePaths.order,
    { config: signedIn, schema: { tags, params: IdParam, response: { 200: ServiceOrder, ...errors } } },
    async (request) => getOrder(context(request), request.params.id),
  );
  app.post(
    servicePaths.orders,
    { config: signedIn, schema: { tags, body: CreateOrderBody, response: { 201: ServiceOrder, ...errors } } },
    async (request, reply) => {
      const ctx = context(request);
      const id = await ctx.db.transaction().execute((tx) => placeOrder(ctx, tx, request.body));
      return reply.status(201).send(await getOrder(ctx, id));
    },
  );
  app.put(
    servicePaths.orderStatus,
    {
      config: signedIn,
      schema: { tags, params: OrderStatusParams, response: { 200: ServiceOrder, ...errors } },
    },
    async (request) =>
      changeStatus(context(request), deps.mailer, {
        orderId: request.params.order,
        statusId: request.params.status,
      }),
  );
  app.put(
    servicePaths.itemStatus,
    {
      config: signedIn,
      schema: { tags, params: ItemStatusParams, response: { 200: ServiceOrder, ...errors } },
    },
    async (request) =>
      changeStatus(context(request), deps.mailer, {
        orderId: request.params.order,
        itemId: request.params.item,
        statusId: request.params.status,
      }),
  );
  app.get(
    servicePaths.history,
    {
      config: signedIn,
      schema: { tags, querystring: HistoryQuery, response: { 200: HistoryList, ...errors } },
    },
    async (request) => orderHistory(context(request), request.query.service_order_id),
  );
  app.get(
    servicePaths.resources,
    {
      // the catalogue's managers choose where an item is delivered from these
      config: {
        auth: true,
        permission: [
          ['SERVICES', 'read'],
          ['SERVICE_ITEMS', 'read'],
        ],
      },
      schema: { tags, querystring: ServiceResourcesQuery, response: { 200: ServiceResourcePage, ...errors } },
    },
    async (request) => listServiceResources(context(request), request.query),
  );
  registerServicePageRoutes(root, deps);
}
