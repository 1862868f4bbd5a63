import { sql } from 'kysely';
import type { DeclarationList } from '../../../shared/contract/declarations';
import type { OneTapBody, Periods, PeriodsQuery } from '../../../shared/contract/one-click';
import { ONE_CLICK_MESSAGES as M, WIDGET_KINDS } from '../../../shared/one-click/rules';
import { can } from '../../../shared/permissions/can';
import { mayBookResource } from '../../../shared/permissions/scoped-access';
import type { ServiceContext } from '../../context';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { scopedFactsFor } from '../../permissions/scoped';
import { createDeclarations, intArray } from '../declarations';
import { levelResourcesOccupancy, planSlots } from '../plan';
import { widgetOf } from './one-click.queries';

/** How many free places one tap tries when others take them first. */
const ATTEMPTS = 3;

/**
 * GET periods: the level's slots of the caller's default slot type on the day (plan slots, every
 * rule of the plan applied), and the one a tap books: the first still available that the user holds
 * no place in.
 */
export async function periods(ctx: ServiceContext, query: PeriodsQuery, now = new Date()): Promise<Periods> {
  const day = await planSlots(ctx, { type: 'level', id: Number(query.level_id) }, { date: query.date }, now);
  // a period the user already holds a place in is not theirs to book again
  const next = day.slots.findIndex((slot) => slot.available && !slot.mine);
  return { ...day, next: next < 0 ? null : next };
}

/**
 * The places of the level free in the slot that the caller may book, best first: the one assigned
 * to them, the one they booked last there, then single places before shared ones (a desk before a
 * meeting room), in the plan's order.
 */
async function candidates(ctx: ServiceContext, levelId: number, from: string, to: string): Promise<number[]> {
  const states = await levelResourcesOccupancy(ctx, levelId, { datetime_from: from, datetime_to: to });
  if (states.data.some((row) => row.mine)) throw conflict(M.alreadyBooked);
  const free = states.data.filter((row) => !row.occupied).map((row) => row.resource_id);
  if (free.length === 0) return [];
  const { rows } = await sql<{ id: number; level_id: number }>`
    select r.id, r.level_id from resources r
    where r.company_id = ${ctx.companyId} and r.id = any(${intArray(free)}) and r.resource_model = 'bookable'
    order by exists (select 1 from resource_assignments a
        where a.company_id = r.company_id and a.resource_id = r.id and a.user_id = ${ctx.userId}) desc,
      (select max(d.starts_at) from declarations d
        where d.company_id = r.company_id and d.resource_id = r.id and d.user_id = ${ctx.userId}) desc nulls last,
      r.capacity, r.position, r.id`.execute(ctx.db);
  const facts = await scopedFactsFor(ctx);
  return rows.filter((row) => mayBookResource(facts, row)).map((row) => row.id);
}

/**
 * POST plans/{id}/book: one tap books a place on the widget's level for the chosen slot, or the
 * widget's next period, through the booking engine's own create (every rule applies; its refusal
 * is the answer). When someone takes the chosen place first, the next one is tried.
 */
export async function bookOneTap(
  ctx: ServiceContext,
  widgetId: number,
  body: OneTapBody,
  now = new Date(),
): Promise<DeclarationList> {
  // spec §2 Plan: booking needs PLAN, whatever page it is made from
  if (!can(ctx.permissions ?? [], 'PLAN')) throw forbidden();
  const widget = await widgetOf(ctx, widgetId, WIDGET_KINDS.plan);
  if (!widget?.level_id) throw notFound();
  let slot =
    body.datetime_from && body.datetime_to ? { from: body.datetime_from, to: body.datetime_to } : null;
  if (!slot) {
    const day = await periods(ctx, { level_id: widget.level_id }, now);
    const next = day.next === null ? undefined : day.slots[day.next];
    if (!next) throw conflict(M.noSlot);
    slot = { from: next.datetime_from, to: next.datetime_to };
  }
  const places = await candidates(ctx, widget.level_id, slot.from, slot.to);
  if (places.length === 0) throw conflict(M.noFreePlace);
  let refusal: unknown = null;
  for (const resourceId of places.slice(0, ATTEMPTS)) {
    try {
      return await createDeclarations(
        ctx,
        { resource_id: resourceId, slots: [{ datetime_from: slot.from, datetime_to: slot.to }] },
        now,
      );
    } catch (error) {
      // Taken meanwhile (409): the next place. Any other refusal holds for every place: say it.
      if (!(error instanceof HttpError) || error.statusCode !== 409) throw error;
      refusal = error;
    }
  }
  throw refusal;
}
