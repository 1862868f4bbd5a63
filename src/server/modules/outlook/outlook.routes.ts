import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import {
  BookOutlookPlaceBody,
  BookOutlookResourceBody,
  CheckOutlookResourceBody,
  LinkOutlookItemBody,
  MeetingKeyParam,
  MoveOutlookMeetingBody,
  OutlookCheck,
  OutlookFilters,
  OutlookHorizon,
  OutlookMeeting,
  OutlookMeetingList,
  OutlookMeetingsQuery,
  OutlookPlaces,
  OutlookPlacesQuery,
  OutlookResourcesQuery,
  OutlookRoom,
  OutlookRoomList,
  outlookPaths,
} from '../../../shared/contract/outlook';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { bookPlace, listPlaces } from './outlook-places';
import {
  bookRoom,
  filters,
  checkRoom,
  confirmSent,
  getMeeting,
  horizon,
  linkItem,
  listMeetings,
  moveMeeting,
  removeMeeting,
  roomInfo,
  searchRooms,
} from './outlook.service';

/** spec §2 /outlook (add-in flag, login): booking rooms is booking, so the plan's permission. */
const BOOK: PermissionRequirement = 'PLAN';

export function registerOutlookRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['outlook'];
  const config = { auth: true, permission: BOOK } as const;
  const meeting = { 200: OutlookMeeting, ...ERROR_RESPONSES };

  app.get(
    outlookPaths.resources,
    {
      config,
      schema: {
        tags,
        querystring: OutlookResourcesQuery,
        response: { 200: OutlookRoomList, ...ERROR_RESPONSES },
      },
    },
    async (request) => searchRooms(serviceContext(request, deps), request.query),
  );
  app.get(
    outlookPaths.room,
    { config, schema: { tags, params: IdParam, response: { 200: OutlookRoom, ...ERROR_RESPONSES } } },
    async (request) => roomInfo(serviceContext(request, deps), request.params.id),
  );
  app.get(
    outlookPaths.filters,
    { config, schema: { tags, response: { 200: OutlookFilters, ...ERROR_RESPONSES } } },
    async (request) => filters(serviceContext(request, deps)),
  );
  app.get(
    outlookPaths.horizon,
    { config, schema: { tags, response: { 200: OutlookHorizon, ...ERROR_RESPONSES } } },
    async (request) => horizon(serviceContext(request, deps)),
  );
  app.post(
    outlookPaths.check,
    {
      config,
      schema: { tags, body: CheckOutlookResourceBody, response: { 200: OutlookCheck, ...ERROR_RESPONSES } },
    },
    async (request) => checkRoom(serviceContext(request, deps), request.body),
  );
  app.post(
    outlookPaths.resource,
    {
      config,
      schema: { tags, body: BookOutlookResourceBody, response: { 201: OutlookMeeting, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await bookRoom(serviceContext(request, deps), request.body)),
  );
  app.get(
    outlookPaths.meetings,
    {
      config,
      schema: {
        tags,
        querystring: OutlookMeetingsQuery,
        response: { 200: OutlookMeetingList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listMeetings(serviceContext(request, deps), request.query),
  );
  app.put(
    outlookPaths.meetingItem,
    { config, schema: { tags, params: MeetingKeyParam, body: LinkOutlookItemBody, response: meeting } },
    async (request) => linkItem(serviceContext(request, deps), request.params.key, request.body),
  );
  app.post(
    outlookPaths.meetingSent,
    { config, schema: { tags, params: MeetingKeyParam, response: meeting } },
    async (request) => confirmSent(serviceContext(request, deps), request.params.key),
  );
  app.get(
    outlookPaths.meeting,
    { config, schema: { tags, params: MeetingKeyParam, response: meeting } },
    async (request) => getMeeting(serviceContext(request, deps), request.params.key),
  );
  app.put(
    outlookPaths.meeting,
    { config, schema: { tags, params: MeetingKeyParam, body: MoveOutlookMeetingBody, response: meeting } },
    async (request) => moveMeeting(serviceContext(request, deps), request.params.key, request.body),
  );
  app.delete(
    outlookPaths.meeting,
    { config, schema: { tags, params: MeetingKeyParam, response: meeting } },
    async (request) => removeMeeting(serviceContext(request, deps), request.params.key),
  );
  app.get(
    outlookPaths.places,
    {
      config,
      schema: { tags, querystring: OutlookPlacesQuery, response: { 200: OutlookPlaces, ...ERROR_RESPONSES } },
    },
    async (request) => listPlaces(serviceContext(request, deps), request.query),
  );
  app.post(
    outlookPaths.places,
    {
      config,
      schema: { tags, body: BookOutlookPlaceBody, response: { 201: OutlookPlaces, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await bookPlace(serviceContext(request, deps), request.body)),
  );
}
