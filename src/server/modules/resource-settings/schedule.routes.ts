import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import type { AppDeps } from '../../context';
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

const DELETED = { message: 'Deleted.' };

/** spec §2 resources edit: availability (windows and unavailabilities) and capacity for a time. */
export function registerScheduleRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['resources'];
  const read = { auth: true, permission: READ };
  const write = { auth: true, permission: WRITE };
  const deleted = { 200: MessageBody, ...ERROR_RESPONSES };

  app.get(
    resourcePaths.availabilities,
    {
      config: read,
      schema: { tags, params: IdParam, response: { 200: AvailabilityList, ...ERROR_RESPONSES } },
    },
    async (request) => listAvailabilities(serviceContext(request, deps), request.params.id),
  );
  app.post(
    resourcePaths.availabilities,
    {
      config: write,
      schema: {
        tags,
        params: IdParam,
        body: AvailabilityBody,
        response: { 201: Availability, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createAvailability(serviceContext(request, deps), request.params.id, request.body)),
  );
  app.put(
    resourcePaths.availability,
    {
      config: write,
      schema: {
        tags,
        params: ItemParam,
        body: AvailabilityBody,
        response: { 200: Availability, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      updateAvailability(
        serviceContext(request, deps),
        request.params.id,
        request.params.item_id,
        request.body,
      ),
  );
  app.delete(
    resourcePaths.availability,
    { config: write, schema: { tags, params: ItemParam, response: deleted } },
    async (request) => {
      await deleteAvailability(serviceContext(request, deps), request.params.id, request.params.item_id);
      return DELETED;
    },
  );

  app.get(
    resourcePaths.unavailabilities,
    {
      config: read,
      schema: {
        tags,
        params: IdParam,
        querystring: UnavailabilityQuery,
        response: { 200: UnavailabilityList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listUnavailabilities(serviceContext(request, deps), request.params.id, request.query),
  );
  app.post(
    resourcePaths.unavailabilities,
    {
      config: write,
      schema: {
        tags,
        params: IdParam,
        body: UnavailabilityBody,
        response: { 201: Unavailability, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createUnavailability(serviceContext(request, deps), request.params.id, request.body)),
  );
  app.put(
    resourcePaths.unavailability,
    {
      config: write,
      schema: {
        tags,
        params: ItemParam,
        body: UnavailabilityBody,
        response: { 200: Unavailability, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      updateUnavailability(
        serviceContext(request, deps),
        request.params.id,
        request.params.item_id,
        request.body,
      ),
  );
  app.delete(
    resourcePaths.unavailability,
    { config: write, schema: { tags, params: ItemParam, response: deleted } },
    async (request) => {
      await deleteUnavailability(serviceContext(request, deps), request.params.id, request.params.item_id);
      return DELETED;
    },
  );

  app.get(
    resourcePaths.dateCapacities,
    {
      config: read,
      schema: { tags, params: IdParam, response: { 200: DateCapacityList, ...ERROR_RESPONSES } },
    },
    async (request) => listDateCapacities(serviceContext(request, deps), request.params.id),
  );
  app.post(
    resourcePaths.dateCapacities,
    {
      config: write,
      schema: {
        tags,
        params: IdParam,
        body: DateCapacityBody,
        response: { 201: DateCapacity, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createDateCapacity(serviceContext(request, deps), request.params.id, request.body)),
  );
  app.put(
    resourcePaths.dateCapacity,
    {
      config: write,
      schema: {
        tags,
        params: ItemParam,
        body: DateCapacityBody,
        response: { 200: DateCapacity, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      updateDateCapacity(
        serviceContext(request, deps),
        request.params.id,
        request.params.item_id,
        request.body,
      ),
  );
  app.delete(
    resourcePaths.dateCapacity,
    { config: write, schema: { tags, params: ItemParam, response: deleted } },
    async (request) => {
      await deleteDateCapacity(serviceContext(request, deps), request.params.id, request.params.item_id);
      return DELETED;
    },
  );
}
