import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  Booking,
  BookingPreset,
  BookingPresetList,
  bookingPaths,
  CreatePresetBody,
  DeclarationCost,
  DeclarationCostBody,
  Grid,
  GridBookings,
  GridBookingsBody,
  GridQuery,
  PresetBookingsQuery,
  PresetParams,
  PresetResult,
  ReorderPresetsBody,
  ResizeBody,
  ResourcesAvailability,
  ResourcesAvailabilityBody,
  ShowGrid,
  StoreBookingBody,
  UpdateBookingBody,
  UpdatePresetBody,
} from '../../../shared/contract/bookings';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import { DeclarationList } from '../../../shared/contract/declarations';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { plainJson } from '../../http/json-body';
import { serviceContext } from '../../http/request-context';
import { EmptyBody, ERROR_RESPONSES } from '../../http/schemas';
import { declarationCost, resourcesAvailability } from './bookings.availability';
import { changeBooking, deleteBooking, resizeBooking, showBooking, storeBooking } from './bookings.changes';
import { grid, gridBookings, showGrid } from './bookings.grid';
import { bookingsByPreset } from './bookings.list';
import {
  activatePreset,
  addPreset,
  editPreset,
  presets,
  removePreset,
  reorderPresets,
} from './presets.service';

/**
 * spec §2 Bookings: BOOKINGS or MY_BOOKINGS. Whose bookings a call reaches (everyone's with
 * BOOKINGS read, the caller's with MY_BOOKINGS alone) and booking for someone else (BOOKINGS
 * create/update) are decided by the services.
 */
const BOOKINGS: PermissionRequirement = 'BOOKINGS,MY_BOOKINGS';

export function registerBookingRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['bookings'];
  const config = { auth: true, permission: BOOKINGS } as const;
  const onePreset = { 200: BookingPreset, ...ERROR_RESPONSES };
  const oneBooking = { 200: Booking, ...ERROR_RESPONSES };

  app.get(
    bookingPaths.presets,
    { config, schema: { tags, response: { 200: BookingPresetList, ...ERROR_RESPONSES } } },
    async (request) => presets(serviceContext(request, deps)),
  );
  app.post(
    bookingPaths.presets,
    {
      config,
      schema: { tags, body: CreatePresetBody, response: { 201: BookingPreset, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await addPreset(serviceContext(request, deps), request.body)),
  );
  app.post(
    bookingPaths.presetsOrder,
    {
      config,
      schema: { tags, body: ReorderPresetsBody, response: { 200: BookingPresetList, ...ERROR_RESPONSES } },
    },
    async (request) => reorderPresets(serviceContext(request, deps), request.body),
  );
  app.put(
    bookingPaths.preset,
    { config, schema: { tags, params: IdParam, body: UpdatePresetBody, response: onePreset } },
    async (request) => editPreset(serviceContext(request, deps), request.params.id, request.body),
  );
  app.delete(
    bookingPaths.preset,
    { config, schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
    async (request) => {
      await removePreset(serviceContext(request, deps), request.params.id);
      return { message: 'Preset deleted.' };
    },
  );
  for (const [path, active] of [
    [bookingPaths.presetActivate, true],
    [bookingPaths.presetDeactivate, false],
  ] as const)
    app.post(
      path,
      { config, schema: { tags, params: IdParam, body: EmptyBody, response: onePreset } },
      async (request) => activatePreset(serviceContext(request, deps), request.params.id, active),
    );

  app.post(
    bookingPaths.byPreset,
    {
      config,
      schema: {
        tags,
        params: PresetParams,
        querystring: PresetBookingsQuery,
        body: EmptyBody,
        response: { 200: PresetResult, ...ERROR_RESPONSES },
      },
    },
    async (request) =>
      bookingsByPreset(serviceContext(request, deps), request.params.presetId, request.query.extend_period),
  );
  app.post(
    bookingPaths.resourcesAvailability,
    {
      config,
      schema: {
        tags,
        body: ResourcesAvailabilityBody,
        response: { 200: ResourcesAvailability, ...ERROR_RESPONSES },
      },
    },
    async (request) => resourcesAvailability(serviceContext(request, deps), request.body),
  );
  app.post(
    bookingPaths.declarationCost,
    {
      config,
      schema: { tags, body: DeclarationCostBody, response: { 200: DeclarationCost, ...ERROR_RESPONSES } },
    },
    async (request) => declarationCost(serviceContext(request, deps), request.body),
  );
  app.post(
    bookingPaths.store,
    {
      config,
      schema: { tags, body: StoreBookingBody, response: { 201: DeclarationList, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await storeBooking(serviceContext(request, deps), request.body)),
  );
  app.put(
    bookingPaths.resize,
    { config, schema: { tags, body: ResizeBody, response: oneBooking } },
    async (request) => resizeBooking(serviceContext(request, deps), request.body),
  );
  app.get(
    bookingPaths.showGrid,
    { config, schema: { tags, response: { 200: ShowGrid, ...ERROR_RESPONSES } } },
    async (request) => showGrid(serviceContext(request, deps)),
  );
  app.get(
    bookingPaths.grid,
    {
      config,
      schema: {
        tags,
        params: PresetParams,
        querystring: GridQuery,
        response: { 200: Grid, ...ERROR_RESPONSES },
      },
      serializerCompiler: plainJson,
    },
    async (request) => grid(serviceContext(request, deps), request.params.presetId, request.query),
  );
  app.post(
    bookingPaths.gridBookings,
    {
      config,
      schema: { tags, body: GridBookingsBody, response: { 200: GridBookings, ...ERROR_RESPONSES } },
      serializerCompiler: plainJson,
    },
    async (request) => gridBookings(serviceContext(request, deps), request.body),
  );
  app.get(
    bookingPaths.one,
    { config, schema: { tags, params: IdParam, response: oneBooking } },
    async (request) => showBooking(serviceContext(request, deps), request.params.id),
  );
  app.put(
    bookingPaths.one,
    { config, schema: { tags, params: IdParam, body: UpdateBookingBody, response: oneBooking } },
    async (request) => changeBooking(serviceContext(request, deps), request.params.id, request.body),
  );
  app.delete(
    bookingPaths.one,
    { config, schema: { tags, params: IdParam, response: oneBooking } },
    async (request) => deleteBooking(serviceContext(request, deps), request.params.id),
  );
}
