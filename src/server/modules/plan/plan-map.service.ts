import type { LevelResourcesOccupancy } from '../../../shared/contract/plan';
import type { Slot } from '../../../shared/time/slots';
import { wallClockAt } from '../../../shared/time/zone';
import { canSeeResource } from '../../../shared/permissions/scoped-access';
import type { ServiceContext } from '../../context';
import { factsSeeingLevel } from '../../permissions/scoped';
import { notFound, unprocessable } from '../../http/errors';
import { refusedUntilCleaned } from '../cleaning';
import { bookingPreferences, levelInfo, subtreeTargets } from '../declarations';
import { isFull, loadDay, offered, overlapping } from './plan-day.service';
import { occupancyPercentage, resourceLoad } from './plan-occupancy.service';

interface Window {
  datetime_from?: string;
  datetime_to?: string;
}

/**
 * GET plan/occupancy/level/{id}/resources: each offered resource the caller sees, its share of the day that is booked
 * (as plan/occupancy answers it for one resource), and whether the chosen slot is full or the
 * caller's. The day is read in a fixed number of queries, whatever the number of resources.
 */
export async function levelResourcesOccupancy(
  ctx: ServiceContext,
  levelId: number,
  query: { date?: string } & Window,
  now = new Date(),
): Promise<LevelResourcesOccupancy> {
  const level = await levelInfo(ctx.db, ctx.companyId, levelId);
  if (!level) throw notFound('Level not found.');
  const window = slotWindow(query);
  const { afternoonFrom } = await bookingPreferences(ctx.db, ctx);
  const zone = level.timezone;
  const date = query.date ?? wallClockAt(now, zone).date;
  const facts = await factsSeeingLevel(ctx, level.id);
  const targets = (await subtreeTargets(ctx.db, ctx.companyId, level.id)).filter(
    (target) => offered(target) && canSeeResource(facts, target),
  );
  const [day, uncleaned] = await Promise.all([
    loadDay(ctx, targets, date, zone),
    refusedUntilCleaned(
      ctx.db,
      ctx.companyId,
      targets.map((target) => target.id),
      now,
    ),
  ]);
  const openMinutes = new Map<Slot[], number>();
  const data = targets.map((target) => {
    const load = resourceLoad(day, target, afternoonFrom, openMinutes);
    const percentage = occupancyPercentage(load.booked, load.bookable);
    const held = window ? overlapping(day.held(target.id), window.from, window.to) : day.held(target.id);
    return {
      resource_id: target.id,
      occupancy_percentage: percentage,
      occupied: window ? isFull(day, target, window.from, window.to) : percentage >= 100,
      mine: held.some((booking) => booking.user_id === ctx.userId),
      awaiting_cleaning: uncleaned.has(target.id),
    };
  });
  return { date, timezone: zone, data };
}

function slotWindow(query: Window): { from: Date; to: Date } | null {
  if (!query.datetime_from || !query.datetime_to) return null;
  const from = new Date(query.datetime_from);
  const to = new Date(query.datetime_to);
  if (!(from < to)) throw unprocessable({ datetime_to: ['The end must be after the start.'] });
  return { from, to };
}
