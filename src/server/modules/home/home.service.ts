import type { HomeSummary } from '../../../shared/contract/home';
import { addDays, isKnownZone, wallClockAt, zonedInstant } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { teamPresence, usualResource } from './home.queries';

/** How far back "the desk I usually book" looks. */
const USUAL_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * The personal home's summary: the user's usual resource and who of their team is in today (the
 * user's day, in their own zone).
 */
export async function homeSummary(ctx: ServiceContext, now = new Date()): Promise<HomeSummary> {
  const user = await ctx.db
    .selectFrom('users')
    .select('timezone')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', ctx.userId)
    .executeTakeFirstOrThrow();
  const zone = isKnownZone(user.timezone) ? user.timezone : 'UTC';
  const today = wallClockAt(now, zone).date;
  const [usual, team] = [
    await usualResource(ctx.db, ctx.companyId, ctx.userId, new Date(now.getTime() - USUAL_DAYS * DAY_MS)),
    await teamPresence(
      ctx.db,
      ctx.companyId,
      ctx.userId,
      zonedInstant(today, 0, zone),
      zonedInstant(addDays(today, 1), 0, zone),
    ),
  ];
  return {
    usual_resource: usual ?? null,
    team_in: team.map((row) => ({
      ...row,
      starts_at: row.starts_at.toISOString(),
      ends_at: row.ends_at.toISOString(),
    })),
  };
}
