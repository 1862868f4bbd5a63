import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import { DeclarationList } from '../../../shared/contract/declarations';
import {
  ContactList,
  ContactsBody,
  FindPersonBody,
  FindPersonResult,
  FindPersonVisibility,
  FindPersonVisibilityBody,
  InfoWidget,
  InfoWidgetBody,
  InfoWidgetList,
  LevelWidget,
  LevelWidgetBody,
  LevelWidgetList,
  OneClickWidgets,
  OneTapBody,
  oneClickPaths,
  Periods,
  PeriodsQuery,
  PersonList,
  PositionsBody,
  UserWidgetBody,
} from '../../../shared/contract/one-click';
import { WIDGET_KINDS } from '../../../shared/one-click/rules';
import type { PermissionRequirement } from '../../../shared/permissions/can';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import {
  contacts,
  findPeople,
  findPerson,
  setContacts,
  setVisibility,
  visibility,
} from './find-person.service';
import { bookOneTap, periods } from './one-tap.service';
import {
  addInfo,
  addLevelWidget,
  deleteWidget,
  infoWidgets,
  levelWidgets,
  oneClickWidgets,
  setPositions,
  setUserWidget,
  updateInfo,
  updateLevelWidget,
} from './widgets.service';

/** spec §2 One-click (ONE-CLICK, application 12). */
const ONE_CLICK: PermissionRequirement = 'ONE-CLICK';

/** spec §7 One-click, every widget the caller's own (docs/one-click.md). */
export function registerOneClickRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['one-click'];
  const config = { auth: true, permission: ONE_CLICK };
  const context = (request: FastifyRequest) => serviceContext(request, deps);

  app.get(
    oneClickPaths.widgets,
    { config, schema: { tags, response: { 200: OneClickWidgets, ...ERROR_RESPONSES } } },
    async (request) => oneClickWidgets(context(request)),
  );
  app.post(
    oneClickPaths.users,
    {
      config,
      schema: { tags, body: UserWidgetBody, response: { 200: OneClickWidgets, ...ERROR_RESPONSES } },
    },
    async (request) => setUserWidget(context(request), request.body),
  );
  app.post(
    oneClickPaths.positions,
    { config, schema: { tags, body: PositionsBody, response: { 200: OneClickWidgets, ...ERROR_RESPONSES } } },
    async (request) => setPositions(context(request), request.body),
  );

  // Plans (kind 1) and maps (kind 5): a level each.
  for (const [kind, list, one] of [
    [WIDGET_KINDS.plan, oneClickPaths.plans, oneClickPaths.plan],
    [WIDGET_KINDS.map, oneClickPaths.maps, oneClickPaths.map],
  ] as const) {
    app.get(
      list,
      { config, schema: { tags, response: { 200: LevelWidgetList, ...ERROR_RESPONSES } } },
      async (request) => ({ data: await levelWidgets(context(request), kind) }),
    );
    app.post(
      list,
      { config, schema: { tags, body: LevelWidgetBody, response: { 201: LevelWidget, ...ERROR_RESPONSES } } },
      async (request, reply) =>
        reply.status(201).send(await addLevelWidget(context(request), kind, request.body)),
    );
    app.put(
      one,
      {
        config,
        schema: {
          tags,
          params: IdParam,
          body: LevelWidgetBody,
          response: { 200: LevelWidget, ...ERROR_RESPONSES },
        },
      },
      async (request) => updateLevelWidget(context(request), kind, request.params.id, request.body),
    );
    app.delete(
      one,
      { config, schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
      async (request) => deleteWidget(context(request), kind, request.params.id),
    );
  }
  app.post(
    oneClickPaths.book,
    {
      // the one tap books through the plan's own create, which needs PLAN as well (checked there)
      config,
      schema: {
        tags,
        params: IdParam,
        body: OneTapBody,
        response: { 201: DeclarationList, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await bookOneTap(context(request), request.params.id, request.body)),
  );
  app.get(
    oneClickPaths.periods,
    { config, schema: { tags, querystring: PeriodsQuery, response: { 200: Periods, ...ERROR_RESPONSES } } },
    async (request) => periods(context(request), request.query),
  );

  // Info (kind 4).
  app.get(
    oneClickPaths.info,
    { config, schema: { tags, response: { 200: InfoWidgetList, ...ERROR_RESPONSES } } },
    async (request) => ({ data: await infoWidgets(context(request)) }),
  );
  app.post(
    oneClickPaths.info,
    { config, schema: { tags, body: InfoWidgetBody, response: { 201: InfoWidget, ...ERROR_RESPONSES } } },
    async (request, reply) => reply.status(201).send(await addInfo(context(request), request.body)),
  );
  app.put(
    oneClickPaths.infoOne,
    {
      config,
      schema: {
        tags,
        params: IdParam,
        body: InfoWidgetBody,
        response: { 200: InfoWidget, ...ERROR_RESPONSES },
      },
    },
    async (request) => updateInfo(context(request), request.params.id, request.body),
  );
  app.delete(
    oneClickPaths.infoOne,
    { config, schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } } },
    async (request) => deleteWidget(context(request), WIDGET_KINDS.info, request.params.id),
  );

  // Contacts and find-person.
  app.get(
    oneClickPaths.contacts,
    { config, schema: { tags, response: { 200: ContactList, ...ERROR_RESPONSES } } },
    async (request) => contacts(context(request)),
  );
  app.post(
    oneClickPaths.contacts,
    { config, schema: { tags, body: ContactsBody, response: { 200: ContactList, ...ERROR_RESPONSES } } },
    async (request) => setContacts(context(request), request.body),
  );
  app.post(
    oneClickPaths.findPerson,
    { config, schema: { tags, body: FindPersonBody, response: { 200: PersonList, ...ERROR_RESPONSES } } },
    async (request) => findPeople(context(request), request.body.query),
  );
  // Everyone decides whether they are found, with or without one-click themselves (their profile).
  app.get(
    oneClickPaths.visibility,
    { config: { auth: true }, schema: { tags, response: { 200: FindPersonVisibility, ...ERROR_RESPONSES } } },
    async (request) => visibility(context(request)),
  );
  app.put(
    oneClickPaths.visibility,
    {
      config: { auth: true },
      schema: {
        tags,
        body: FindPersonVisibilityBody,
        response: { 200: FindPersonVisibility, ...ERROR_RESPONSES },
      },
    },
    async (request) => setVisibility(context(request), request.body.own),
  );
  app.get(
    oneClickPaths.person,
    { config, schema: { tags, params: IdParam, response: { 200: FindPersonResult, ...ERROR_RESPONSES } } },
    async (request) => findPerson(context(request), request.params.id),
  );
}
