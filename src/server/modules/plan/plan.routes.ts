import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParam } from '../../../shared/contract/common';
import {
  LimitQuery,
  Occupancy,
  OccupancyQuery,
  PlanElementParams,
  planPaths,
  PlanResourceLimit,
  PlanScan,
  PlanSlots,
  ScanQuery,
  SlotsQuery,
} from '../../../shared/contract/plan';
import type { AppDeps } from '../../context';
import { serviceContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { registerPlanMapRoutes } from './plan-map.routes';
import { planOccupancy } from './plan-occupancy.service';
import { planLimit, planScan, planSlots } from './plan.service';

/** spec §2 Plan: everything here is for users of the plan (PLAN). */
export function registerPlanRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['plan'];
  const config = { auth: true, permission: 'PLAN' } as const;

  app.get(
    planPaths.slots,
    {
      config,
      schema: {
        tags,
        params: PlanElementParams,
        querystring: SlotsQuery,
        response: { 200: PlanSlots, ...ERROR_RESPONSES },
      },
    },
    async (request) => planSlots(serviceContext(request, deps), request.params, request.query),
  );
  app.get(
    planPaths.occupancy,
    {
      config,
      schema: {
        tags,
        params: PlanElementParams,
        querystring: OccupancyQuery,
        response: { 200: Occupancy, ...ERROR_RESPONSES },
      },
    },
    async (request) => planOccupancy(serviceContext(request, deps), request.params, request.query.date),
  );
  app.get(
    planPaths.limit,
    {
      config,
      schema: {
        tags,
        params: IdParam,
        querystring: LimitQuery,
        response: { 200: PlanResourceLimit, ...ERROR_RESPONSES },
      },
    },
    async (request) => planLimit(serviceContext(request, deps), request.params.id, request.query.date),
  );
  app.get(
    planPaths.scan,
    { config, schema: { tags, querystring: ScanQuery, response: { 200: PlanScan, ...ERROR_RESPONSES } } },
    async (request) =>
      planScan(serviceContext(request, deps), request.query.type_id, request.query.element_id),
  );
  registerPlanMapRoutes(root, deps);
}
