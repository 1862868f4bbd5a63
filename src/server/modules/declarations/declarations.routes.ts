import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import {
  ApproveStatusList,
  AssignParams,
  CreateDeclarationBody,
  Declaration,
  DeclarationList,
  DeclarationListQuery,
  declarationPaths,
  ExtendQuery,
} from '../../../shared/contract/declarations';
import type { PermissionRequirement } from '../../../shared/permissions';
import type { AppDeps } from '../../context';
import { plainJson } from '../../http/json-body';
import { authenticateRequest, serviceContext } from '../../http/request-context';
import { EmptyBody, ERROR_RESPONSES } from '../../http/schemas';
import { createDeclarations, NotFromMemory } from './declarations.create';
import {
  approveStatuses,
  assignApprovalStatus,
  cancelDeclaration,
  checkIn,
  checkOut,
  extendDeclaration,
  getDeclaration,
  listDeclarations,
} from './declarations.service';

/** spec §2 Plan (PLAN): a user's own bookings. Other people's need BOOKINGS (checked per booking). */
const OWN: PermissionRequirement = 'PLAN';
const READ: PermissionRequirement = ['PLAN', ['BOOKINGS', 'read']];
const CANCEL: PermissionRequirement = ['PLAN', ['BOOKINGS', 'update']];

export function registerDeclarationRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['declarations'];
  const one = { 200: Declaration, ...ERROR_RESPONSES };

  app.get(
    declarationPaths.all,
    {
      config: { auth: true, permission: OWN },
      schema: {
        tags,
        querystring: DeclarationListQuery,
        response: { 200: DeclarationList, ...ERROR_RESPONSES },
      },
    },
    async (request) => listDeclarations(serviceContext(request, deps), request.query),
  );
  app.post(
    declarationPaths.all,
    {
      // book_declarations checks the session and the company's booking stamp when it books from memory.
      config: { auth: true, permission: OWN, authFromSnapshot: true },
      schema: { tags, body: CreateDeclarationBody, response: { 201: DeclarationList, ...ERROR_RESPONSES } },
      // The answer is built from the contract's types; the schema still documents it.
      serializerCompiler: plainJson,
    },
    async (request, reply) => {
      if (request.snapshot) {
        const { session, bookingVersion } = request.snapshot;
        try {
          const created = await createDeclarations(serviceContext(request, deps), request.body, new Date(), {
            fromSnapshot: { session: session.jti, bookingVersion },
          });
          return reply.status(201).send(created);
        } catch (error) {
          // Not booked from memory, or refused on what memory said: decided again from the database.
          if (!(error instanceof NotFromMemory)) throw error;
        }
        await authenticateRequest(request, deps);
      }
      return reply.status(201).send(await createDeclarations(serviceContext(request, deps), request.body));
    },
  );
  app.get(
    declarationPaths.approveStatuses,
    {
      config: { auth: true, permission: READ },
      schema: { tags, response: { 200: ApproveStatusList, ...ERROR_RESPONSES } },
    },
    async () => approveStatuses(),
  );
  app.get(
    declarationPaths.assign,
    {
      config: { auth: true, permission: ['BOOKINGS', 'update'] },
      schema: { tags, params: AssignParams, response: one },
    },
    async (request) =>
      assignApprovalStatus(
        serviceContext(request, deps),
        request.params.declarationId,
        request.params.statusId,
      ),
  );
  app.get(
    declarationPaths.one,
    { config: { auth: true, permission: READ }, schema: { tags, params: IdParam, response: one } },
    async (request) => getDeclaration(serviceContext(request, deps), request.params.id),
  );
  app.delete(
    declarationPaths.one,
    { config: { auth: true, permission: CANCEL }, schema: { tags, params: IdParam, response: one } },
    async (request) => cancelDeclaration(serviceContext(request, deps), request.params.id),
  );
  app.post(
    declarationPaths.checkIn,
    {
      config: { auth: true, permission: OWN },
      schema: { tags, params: IdParam, body: EmptyBody, response: one },
    },
    async (request) => checkIn(serviceContext(request, deps), request.params.id),
  );
  app.post(
    declarationPaths.checkOut,
    {
      config: { auth: true, permission: OWN },
      schema: { tags, params: IdParam, body: EmptyBody, response: one },
    },
    async (request) => checkOut(serviceContext(request, deps), request.params.id),
  );
  app.post(
    declarationPaths.extend,
    {
      config: { auth: true, permission: OWN },
      schema: { tags, params: IdParam, querystring: ExtendQuery, body: EmptyBody, response: one },
    },
    async (request) =>
      extendDeclaration(serviceContext(request, deps), request.params.id, request.query.extending_type),
  );
}
