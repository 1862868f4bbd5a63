import type { FastifyInstance } from 'fastify';
import { messagesForRequest } from '../../http/translate-errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  SchedulerAttendeesQuery,
  SchedulerReceptionDeskList,
  SchedulerMeeting,
  SchedulerMeetingList,
  schedulerPaths,
  SchedulerPersonList,
  SchedulerPreview,
  SchedulerResource,
  SchedulerResourceList,
  SchedulerResourcesQuery,
  SchedulerState,
} from '../../../shared/contract/scheduler';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  createMeeting,
  getMeeting,
  getRoom,
  cancelMeeting,
  listMeetings,
  schedulerReceptionDesks,
  listRooms,
  previewMeeting,
  searchPeople,
} from './scheduler.service';

/**
 * spec §2 /scheduler (login). Decision: checking and saving a meeting book rooms, so they need PLAN
 * like every booking (declarations); reading rooms, people and one's own meetings needs a login.
 */
const BOOKS: PermissionRequirement = 'PLAN';

export function registerSchedulerRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['scheduler'];
  const login = { auth: true };

  app.get(
    schedulerPaths.all,
    { config: login, schema: { tags, response: { 200: SchedulerMeetingList, ...ERROR_RESPONSES } } },
    async (request) => listMeetings(serviceContext(request, deps)),
  );
  app.post(
    schedulerPaths.all,
    {
      config: { auth: true, permission: BOOKS },
      schema: { tags, body: SchedulerState, response: { 201: SchedulerMeeting, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await createMeeting(serviceContext(request, deps), deps, request.body)),
  );
  app.post(
    schedulerPaths.preview,
    {
      config: { auth: true, permission: BOOKS },
      schema: { tags, body: SchedulerState, response: { 200: SchedulerPreview, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const preview = await previewMeeting(serviceContext(request, deps), request.body);
      // The conflicts' sentences in the request's language (messages.scheduler.*).
      const say = await messagesForRequest(request, deps.reference);
      for (const occurrence of preview.occurrences)
        for (const room of occurrence.rooms)
          if (room.conflict) room.conflict.message = say(room.conflict.message);
      return preview;
    },
  );
  app.get(
    schedulerPaths.resources,
    {
      config: login,
      schema: {
        tags,
        querystring: SchedulerResourcesQuery,
        response: { 200: SchedulerResourceList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listRooms(serviceContext(request, deps), request.query),
  );
  app.get(
    schedulerPaths.resource,
    {
      config: login,
      schema: { tags, params: IdParam, response: { 200: SchedulerResource, ...ERROR_RESPONSES } },
    },
    async (request) => getRoom(serviceContext(request, deps), request.params.id),
  );
  app.get(
    schedulerPaths.attendees,
    {
      config: login,
      schema: {
        tags,
        querystring: SchedulerAttendeesQuery,
        response: { 200: SchedulerPersonList, ...ERROR_RESPONSES },
      },
    },
    async (request) => searchPeople(serviceContext(request, deps), request.query.query),
  );
  app.get(
    schedulerPaths.one,
    {
      config: login,
      schema: { tags, params: IdParam, response: { 200: SchedulerMeeting, ...ERROR_RESPONSES } },
    },
    async (request) => getMeeting(serviceContext(request, deps), request.params.id),
  );
  app.get(
    schedulerPaths.receptionDesks,
    {
      config: { auth: true, permission: 'MY_VISITORS' },
      schema: { tags, response: { 200: SchedulerReceptionDeskList, ...ERROR_RESPONSES } },
    },
    async (request) => schedulerReceptionDesks(serviceContext(request, deps)),
  );
  app.delete(
    schedulerPaths.one,
    {
      config: { auth: true, permission: BOOKS },
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => cancelMeeting(serviceContext(request, deps), deps, request.params.id),
  );
}
