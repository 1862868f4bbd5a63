import { allowedTo } from '../../../shared/permissions/scoped-access';
import type { ServiceContext } from '../../context';
import { scopedFactsFor } from '../../permissions/scoped';

/**
 * Which orders a provider serves (docs/services.md "Who sees which orders"): those of every resource
 * no container restricts, as for booking; once a level or resource container covers a resource,
 * only the people of a covering container whose roles grant LEVEL_SERVICES (on its level) and
 * RESOURCE_SERVICES (on the resource). Answered as the levels and resources refused, for a query's
 * WHERE: a queue of 20,000 orders is filtered by the database, not here.
 */
export interface ProviderScope {
  deniedLevelIds: number[];
  deniedResourceIds: number[];
}

export async function providerScope(ctx: ServiceContext, userId = ctx.userId): Promise<ProviderScope> {
  const facts = await scopedFactsFor(ctx, userId);
  return {
    deniedLevelIds: [...facts.levelCover.keys()].filter(
      (levelId) => !allowedTo(facts, 'level', levelId, 'LEVEL_SERVICES'),
    ),
    deniedResourceIds: [...facts.resourceCover.keys()].filter(
      (resourceId) => !allowedTo(facts, 'resource', resourceId, 'RESOURCE_SERVICES'),
    ),
  };
}

export const serves = (scope: ProviderScope, resource: { id: number; level_id: number }) =>
  !scope.deniedLevelIds.includes(resource.level_id) && !scope.deniedResourceIds.includes(resource.id);
