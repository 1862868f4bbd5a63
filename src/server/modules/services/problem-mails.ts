import type { ServiceProblem } from '../../../shared/contract/service-page';
import type { ServiceContext } from '../../context';
import type { Mailer } from '../../integrations/mailer';
import { holdersOfPermission } from '../../permissions/resolve';
import { providerScope, serves } from './provider-scope';

/**
 * A problem reported on a resource's service page is mailed (the outbox, in the report's
 * transaction) to the providers who serve that resource: SERVICES update holders, narrowed by the
 * provider scope as the queue is (docs/services.md "Who sees which orders"); not to the reporter.
 */
export async function mailProblemToProviders(
  ctx: ServiceContext,
  mailer: Mailer,
  problem: ServiceProblem,
  resource: { id: number; level_id: number },
  origin: string,
): Promise<number> {
  const holders = await holdersOfPermission(ctx.db, ctx.companyId, 'SERVICES', 'update');
  const providers: number[] = [];
  for (const userId of holders)
    if (userId !== ctx.userId && serves(await providerScope(ctx, userId), resource)) providers.push(userId);
  if (providers.length === 0) return 0;
  const people = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('company_id', '=', ctx.companyId)
    .where('id', 'in', providers)
    .execute();
  const where = problem.path ? `${problem.resource} (${problem.path})` : problem.resource;
  for (const person of people)
    await mailer.queue(
      {
        companyId: ctx.companyId,
        to: person.email,
        subject: `Problem reported: ${problem.resource}`,
        text: [
          `${problem.reported_by.name || 'Someone'} reported a problem with ${where}:`,
          '',
          problem.description,
          '',
          ...(problem.service_type ? [`Service asked for: ${problem.service_type.name}`, ''] : []),
          `Open problems: ${origin}/services`,
        ].join('\n'),
      },
      ctx.db,
    );
  return people.length;
}
