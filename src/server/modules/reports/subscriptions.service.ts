import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  ReportSubscription,
  type CreateReportSubscriptionBody,
  type ReportSubscriptionList,
  type UpdateReportSubscriptionBody,
} from '../../../shared/contract/reports';
import { addDays, isoWeekday, wallClockAt, zonedInstant } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound, unprocessable } from '../../http/errors';
import { requireSection } from './reports.service';

type CreateBody = z.output<typeof CreateReportSubscriptionBody>;
type UpdateBody = z.output<typeof UpdateReportSubscriptionBody>;

/**
 * The first instant after `after` at which `zone`'s clock shows `weekday` (0 = Monday) at `hour`:00.
 * An hour skipped by a daylight-saving change is the hour after it (zonedInstant).
 */
export function nextSending(weekday: number, hour: number, zone: string, after: Date): Date {
  const today = wallClockAt(after, zone).date;
  const ahead = (weekday + 1 - isoWeekday(today) + 7) % 7;
  const candidate = zonedInstant(addDays(today, ahead), hour * 60, zone);
  return candidate > after ? candidate : zonedInstant(addDays(today, ahead + 7), hour * 60, zone);
}

function subscriptions(db: Kysely<Database>, ctx: Pick<ServiceContext, 'companyId' | 'userId'>) {
  return db
    .selectFrom('report_subscriptions as s')
    .innerJoin('report_presets as p', (join) =>
      join.onRef('p.company_id', '=', 's.company_id').onRef('p.id', '=', 's.preset_id'),
    )
    .select([
      's.id',
      's.preset_id',
      'p.name as preset_name',
      'p.section',
      's.weekday',
      's.hour',
      's.attach_csv',
      's.next_at',
      's.last_sent_at',
    ])
    .where('s.company_id', '=', ctx.companyId)
    .where('s.user_id', '=', ctx.userId);
}

type Row = Awaited<ReturnType<ReturnType<typeof subscriptions>['executeTakeFirstOrThrow']>>;

function toSubscription(row: Row): ReportSubscription {
  return ReportSubscription.parse({
    ...row,
    next_at: new Date(row.next_at).toISOString(),
    last_sent_at: row.last_sent_at === null ? null : new Date(row.last_sent_at).toISOString(),
  });
}

const userZone = async (ctx: ServiceContext) =>
  (
    await ctx.db
      .selectFrom('users')
      .select('timezone')
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', ctx.userId)
      .executeTakeFirstOrThrow()
  ).timezone;

/** GET reports/subscriptions: the caller's weekly mails, of the sections they may read. */
export async function listReportSubscriptions(ctx: ServiceContext): Promise<ReportSubscriptionList> {
  const rows = await subscriptions(ctx.db, ctx).orderBy('s.id').execute();
  const readable = rows.map(toSubscription).filter((subscription) => {
    try {
      requireSection(ctx, subscription.section);
      return true;
    } catch {
      return false;
    }
  });
  return { data: readable };
}

async function ownSubscription(ctx: ServiceContext, id: number): Promise<ReportSubscription> {
  const row = await subscriptions(ctx.db, ctx).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('The weekly mail was not found.');
  const subscription = toSubscription(row);
  requireSection(ctx, subscription.section);
  return subscription;
}

/** POST reports/subscriptions: one of the caller's presets, mailed weekly; one mail per preset. */
export async function addReportSubscription(
  ctx: ServiceContext,
  body: CreateBody,
): Promise<ReportSubscription> {
  const preset = await ctx.db
    .selectFrom('report_presets')
    .select(['id', 'section'])
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', body.preset_id)
    .executeTakeFirst();
  if (!preset) throw unprocessable({ preset_id: ['The preset was not found.'] });
  requireSection(ctx, preset.section as ReportSubscription['section']);
  const next = nextSending(body.weekday, body.hour, await userZone(ctx), new Date());
  const created = await ctx.db
    .insertInto('report_subscriptions')
    .values({
      company_id: ctx.companyId,
      user_id: ctx.userId,
      preset_id: preset.id,
      weekday: body.weekday,
      hour: body.hour,
      attach_csv: body.attach_csv,
      next_at: next,
    })
    .onConflict((conflict) => conflict.columns(['company_id', 'preset_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw unprocessable({ preset_id: ['This preset already has a weekly mail.'] });
  return ownSubscription(ctx, created.id);
}

/** PUT reports/subscriptions/{id}: the day, hour or attachment; a new day or hour moves the next mail. */
export async function editReportSubscription(
  ctx: ServiceContext,
  id: number,
  body: UpdateBody,
): Promise<ReportSubscription> {
  const current = await ownSubscription(ctx, id);
  const weekday = body.weekday ?? current.weekday;
  const hour = body.hour ?? current.hour;
  const moved = weekday !== current.weekday || hour !== current.hour;
  await ctx.db
    .updateTable('report_subscriptions')
    .set({
      weekday,
      hour,
      attach_csv: body.attach_csv ?? current.attach_csv,
      ...(moved ? { next_at: nextSending(weekday, hour, await userZone(ctx), new Date()) } : {}),
    })
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id)
    .execute();
  return ownSubscription(ctx, id);
}

/** DELETE reports/subscriptions/{id}. */
export async function removeReportSubscription(ctx: ServiceContext, id: number): Promise<void> {
  await ownSubscription(ctx, id);
  await ctx.db
    .deleteFrom('report_subscriptions')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('id', '=', id)
    .execute();
}
