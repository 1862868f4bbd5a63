import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParam, MessageBody } from '../../../shared/contract/common';
import {
  Badge,
  BlockedEmail,
  BlockedEmailList,
  BlockEmailBody,
  ByEmailQuery,
  ChangeStatusBody,
  CreateVisitBody,
  CreateVisitorBody,
  DeskVisitorsBody,
  GroupVisitBody,
  MyVisitorsBody,
  PrintBadgeBody,
  UpdateVisitBody,
  UpdateVisitorBody,
  Visit,
  VisitAtDeskParams,
  Visitor,
  VisitorList,
  visitorPaths,
  VisitList,
  VisitParams,
  visitPaths,
} from '../../../shared/contract/visitors';
import type { Action, PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { badgeOf, printBadge } from './badge.service';
import { blockEmail, listBlockedEmails, unblockEmail } from './block-list';
import { registerVisitorCsvRoutes } from './visitors-csv.routes';
import {
  anonymiseVisitor,
  createVisitor,
  deleteVisitor,
  deskVisitors,
  getVisitor,
  groupVisit,
  myVisitors,
  updateVisitor,
  visitorsByEmail,
} from './visitors.service';
import {
  cancelVisit,
  changeStatus,
  createVisit,
  myVisit,
  myVisits,
  updateVisit,
  visitAtDesk,
} from './visits.service';

/**
 * spec §2 /my-visitors (MY_VISITORS: a host's own visitors) and /visitor-management/reception
 * (VISITOR_MANAGEMENT, or RECEPTION_DESK_VISITORS through a reception-desk container); the services
 * narrow a host to their own and a receptionist to the desks they may act at (reception.ts).
 */
const host = (action: Action) => ({
  auth: true,
  permission: ['MY_VISITORS', ['VISITOR_MANAGEMENT', action]] as PermissionRequirement,
  orReceptionDesk: action,
});
const reception = (action: Action) => ({
  auth: true,
  permission: ['VISITOR_MANAGEMENT', action] as PermissionRequirement,
  orReceptionDesk: action,
});

export function registerVisitorRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const ctx = (request: FastifyRequest) => serviceContext(request, deps);
  const visitor = { 200: Visitor, ...ERROR_RESPONSES };
  const visit = { 200: Visit, ...ERROR_RESPONSES };
  const visits = { 200: VisitList, ...ERROR_RESPONSES };
  let tags = ['visitors'];

  app.post(
    visitorPaths.deskVisitors,
    {
      config: reception('read'),
      schema: { tags, body: DeskVisitorsBody, response: visits },
    },
    async (request) => deskVisitors(ctx(request), request.body),
  );
  app.post(
    visitorPaths.myVisitors,
    {
      config: { auth: true, permission: 'MY_VISITORS' },
      schema: { tags, body: MyVisitorsBody, response: { 200: VisitorList, ...ERROR_RESPONSES } },
    },
    async (request) => myVisitors(ctx(request), request.body.group),
  );
  app.get(
    visitorPaths.byEmail,
    {
      config: host('read'),
      schema: { tags, querystring: ByEmailQuery, response: { 200: VisitorList, ...ERROR_RESPONSES } },
    },
    async (request) => visitorsByEmail(ctx(request), request.query.email),
  );
  app.get(
    visitorPaths.badge,
    {
      config: reception('read'),
      schema: { tags, params: VisitParams, response: { 200: Badge, ...ERROR_RESPONSES } },
    },
    async (request) => badgeOf(ctx(request), request.params.visitId),
  );
  app.post(
    visitorPaths.printBadge,
    {
      config: reception('read'),
      schema: { tags, body: PrintBadgeBody, response: { 200: z.any(), ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const pdf = await printBadge(ctx(request), request.body.visit_id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="badge-${request.body.visit_id}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
  app.post(
    visitorPaths.all,
    {
      config: host('create'),
      schema: { tags, body: CreateVisitorBody, response: { 201: Visitor, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await createVisitor(ctx(request), deps, deps.reference, request.body)),
  );
  app.get(
    visitorPaths.one,
    {
      config: host('read'),
      schema: { tags, params: IdParam, response: visitor },
    },
    async (request) => getVisitor(ctx(request), request.params.id),
  );
  app.put(
    visitorPaths.one,
    {
      config: host('update'),
      schema: { tags, params: IdParam, body: UpdateVisitorBody, response: visitor },
    },
    async (request) => updateVisitor(ctx(request), deps.reference, request.params.id, request.body),
  );
  app.delete(
    visitorPaths.one,
    {
      config: host('delete'),
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => deleteVisitor(ctx(request), request.params.id),
  );

  app.post(
    visitorPaths.anonymise,
    {
      config: host('delete'),
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => anonymiseVisitor(ctx(request), request.params.id),
  );
  // The block list: an administrator's section of reception (VISITOR_MANAGEMENT).
  app.get(
    visitorPaths.blockedEmails,
    {
      config: { auth: true, permission: ['VISITOR_MANAGEMENT', 'read'] },
      schema: { tags, response: { 200: BlockedEmailList, ...ERROR_RESPONSES } },
    },
    async (request) => listBlockedEmails(ctx(request)),
  );
  app.post(
    visitorPaths.blockedEmails,
    {
      config: { auth: true, permission: ['VISITOR_MANAGEMENT', 'create'] },
      schema: { tags, body: BlockEmailBody, response: { 201: BlockedEmail, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await blockEmail(ctx(request), request.body)),
  );
  app.delete(
    visitorPaths.blockedEmail,
    {
      config: { auth: true, permission: ['VISITOR_MANAGEMENT', 'delete'] },
      schema: { tags, params: IdParam, response: { 200: MessageBody, ...ERROR_RESPONSES } },
    },
    async (request) => unblockEmail(ctx(request), request.params.id),
  );
  registerVisitorCsvRoutes(root, deps);

  tags = ['visits'];
  app.get(
    visitPaths.mine,
    { config: { auth: true, permission: 'MY_VISITS' }, schema: { tags, response: visits } },
    async (request) => myVisits(ctx(request)),
  );
  app.get(
    visitPaths.myOne,
    { config: { auth: true, permission: 'MY_VISITS' }, schema: { tags, params: IdParam, response: visit } },
    async (request) => myVisit(ctx(request), request.params.id),
  );
  app.post(
    visitPaths.all,
    {
      config: host('create'),
      schema: { tags, body: CreateVisitBody, response: { 201: Visit, ...ERROR_RESPONSES } },
    },
    async (request, reply) => reply.status(201).send(await createVisit(ctx(request), deps, request.body)),
  );
  app.post(
    visitPaths.group,
    {
      config: host('create'),
      schema: { tags, body: GroupVisitBody, response: { 201: VisitList, ...ERROR_RESPONSES } },
    },
    async (request, reply) =>
      reply.status(201).send(await groupVisit(ctx(request), deps, deps.reference, request.body)),
  );
  app.put(
    visitPaths.one,
    {
      config: host('update'),
      schema: { tags, params: IdParam, body: UpdateVisitBody, response: visit },
    },
    async (request) => updateVisit(ctx(request), deps, request.params.id, request.body),
  );
  app.post(
    visitPaths.changeStatus,
    {
      config: reception('update'),
      schema: { tags, params: IdParam, body: ChangeStatusBody, response: visit },
    },
    async (request) => changeStatus(ctx(request), deps, request.params.id, request.body.status),
  );
  app.get(
    visitPaths.atDesk,
    {
      config: host('read'),
      schema: { tags, params: VisitAtDeskParams, response: visit },
    },
    async (request) => visitAtDesk(ctx(request), request.params.visitId, request.params.deskId),
  );
  app.delete(
    visitPaths.atDesk,
    {
      config: host('delete'),
      schema: { tags, params: VisitAtDeskParams, response: visit },
    },
    async (request) => cancelVisit(ctx(request), deps, request.params.visitId, request.params.deskId),
  );
}
