import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  Availability,
  AvailabilityBody,
  AvailabilityList,
  DateCapacity,
  DateCapacityBody,
  DateCapacityList,
  ItemParam,
  resourcePaths,
  Unavailability,
  UnavailabilityBody,
  UnavailabilityList,
  UnavailabilityQuery,
} from '../../../shared/contract/resources';
import type { AppDeps, ServiceContext } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  createAvailability,
  deleteAvailability,
  listAvailabilities,
  updateAvailability,
} from './availabilities.service';
import {
  createDateCapacity,
  deleteDateCapacity,
  listDateCapacities,
  updateDateCapacity,
} from './date-capacities.service';
import { READ, WRITE } from './route-permissions';
import {
  createUnavailability,
  deleteUnavailability,
  listUnavailabilities,
  updateUnavailability,
} from './unavailabilities.service';

/** One kind of item a resource holds a list of: its paths, shapes and procedures. */
interface ItemKind<Body extends z.ZodType, Item extends z.ZodType, List extends z.ZodType> {
  collection: string;
  item: string;
  body: Body;
  answer: Item;
  list: List;
  query?: z.ZodType;
  service: {
    list(ctx: ServiceContext, resourceId: number, query: never): Promise<z.infer<List>>;
    create(ctx: ServiceContext, resourceId: number, body: z.infer<Body>): Promise<z.infer<Item>>;
    update(ctx: ServiceContext, resourceId: number, id: number, body: z.infer<Body>): Promise<z.infer<Item>>;
    remove(ctx: ServiceContext, resourceId: number, id: number): Promise<void>;
  };
}

/**
 * GET and POST on the collection, PUT and DELETE on an item: reads need READ, changes WRITE. The
 * schemas check parameters, bodies and answers at run time (the app's zod compilers); the type
 * provider cannot follow generic schemas, so the handlers read them through the casts below.
 */
function registerItemRoutes<Body extends z.ZodType, Item extends z.ZodType, List extends z.ZodType>(
  app: FastifyInstance,
  deps: AppDeps,
  kind: ItemKind<Body, Item, List>,
): void {
  const tags = ['resources'];
  const read = { auth: true, permission: READ };
  const write = { auth: true, permission: WRITE };
  const { service } = kind;
  const ids = (request: FastifyRequest) => request.params as z.infer<typeof ItemParam>;
  const body = (request: FastifyRequest) => request.body as z.infer<Body>;
  app.get(
    kind.collection,
    {
      config: read,
      schema: {
        tags,
        params: IdParam,
        ...(kind.query ? { querystring: kind.query } : {}),
        response: { 200: kind.list, ...ERROR_RESPONSES },
      },
    },
    async (request) => service.list(serviceContext(request, deps), ids(request).id, request.query as never),
  );
  app.post(
    kind.collection,
    {
      config: write,
      schema: { tags, params: IdParam, body: kind.body, response: { 201: kind.answer, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(serviceContext(request, deps), ids(request).id, body(request))),
  );
  app.put(
    kind.item,
    {
      config: write,
      schema: {
        tags,
        params: ItemParam,
        body: kind.body,
        response: { 200: kind.answer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id, item_id: itemId } = ids(request);
      return service.update(serviceContext(request, deps), id, itemId, body(request));
    },
  );
  app.delete(
    kind.item,
    {
      config: write,
      schema: { tags, params: ItemParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const { id, item_id: itemId } = ids(request);
      await service.remove(serviceContext(request, deps), id, itemId);
      return { message: 'Deleted.' };
    },
  );
}

/** spec §2 resources edit: availability (windows and unavailabilities) and capacity for a time. */
export function registerScheduleRoutes(root: FastifyInstance, deps: AppDeps): void {
  registerItemRoutes(root, deps, {
    collection: resourcePaths.availabilities,
    item: resourcePaths.availability,
    body: AvailabilityBody,
    answer: Availability,
    list: AvailabilityList,
    service: {
      list: listAvailabilities,
      create: createAvailability,
      update: updateAvailability,
      remove: deleteAvailability,
    },
  });
  registerItemRoutes(root, deps, {
    collection: resourcePaths.unavailabilities,
    item: resourcePaths.unavailability,
    body: UnavailabilityBody,
    answer: Unavailability,
    list: UnavailabilityList,
    query: UnavailabilityQuery,
    service: {
      list: listUnavailabilities,
      create: createUnavailability,
      update: updateUnavailability,
      remove: deleteUnavailability,
    },
  });
  registerItemRoutes(root, deps, {
    collection: resourcePaths.dateCapacities,
    item: resourcePaths.dateCapacity,
    body: DateCapacityBody,
    answer: DateCapacity,
    list: DateCapacityList,
    service: {
      list: listDateCapacities,
      create: createDateCapacity,
      update: updateDateCapacity,
      remove: deleteDateCapacity,
    },
  });
}
