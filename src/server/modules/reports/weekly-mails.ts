import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  EXPORT_FILENAME,
  ReportPayload,
  SECTION_PERMISSION,
  type ReportResult,
  type ReportSection,
} from '../../../shared/contract/reports';
import { can } from '../../../shared/permissions';
import { payloadOf, type ReportFilter } from '../../../shared/reports/filters';
import { pickInterval } from '../../../shared/reports/intervals';
import { RESERVATION_REPORTS } from '../../../shared/reports/sections';
import { addDays, wallClockAt } from '../../../shared/time/zone';
import { format } from '../../../shared/validation/messages';
import type { AppDeps, ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { runEvery } from '../../jobs/every';
import { generalPermissionsOf } from '../../permissions/resolve';
import { exportCsv } from './export.service';
import { calculate } from './reports.service';
import { nextSending } from './subscriptions.service';

/** How often a server process looks for weekly report mails that are due. */
export const WEEKLY_MAIL_INTERVAL_MS = 5 * 60_000;
/** The days a weekly mail covers. */
const WEEK = 7;

type Deps = Pick<AppDeps, 'mailer' | 'originOf' | 'reference'>;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

interface Due {
  id: number;
  company_id: number;
  user_id: number;
  weekday: number;
  hour: number;
  attach_csv: boolean;
  next_at: Date;
  section: ReportSection;
  preset_name: string;
  preset: unknown;
  email: string;
  timezone: string;
  language: string;
  locale: string;
  subdomain: string;
}

/** Due subscriptions taken at once: a round claims at most this many, then mails them. */
const CLAIM_BATCH = 50;

/**
 * Claims due subscriptions and moves each to its next sending, in one transaction: FOR UPDATE SKIP
 * LOCKED, so with several server processes each subscription is taken by exactly one of them.
 */
async function claimDue(db: Kysely<Database>, now: Date): Promise<Due[]> {
  return db.transaction().execute(async (tx) => {
    const { rows } = await sql<Due>`
      select s.id, s.company_id, s.user_id, s.weekday, s.hour, s.attach_csv, s.next_at,
        p.section, p.name as preset_name, p.preset, u.email, u.timezone,
        lang.code as language, lang.locale, c.subdomain
      from report_subscriptions s
      join report_presets p on p.company_id = s.company_id and p.id = s.preset_id
      join users u on u.company_id = s.company_id and u.id = s.user_id
      join languages lang on lang.id = u.language_id
      join companies c on c.id = s.company_id
      where s.next_at <= ${now} and c.deleted_at is null
      order by s.next_at, s.id
      limit ${CLAIM_BATCH}
      for update of s skip locked`.execute(tx);
    for (const due of rows)
      await tx
        .updateTable('report_subscriptions')
        .set({ next_at: nextSending(due.weekday, due.hour, due.timezone, now) })
        .where('id', '=', due.id)
        .execute();
    return rows;
  });
}

/**
 * The payload the mail calculates: the preset's filters (levels, types, hours, alarm, interval)
 * over the seven days before the sending day on the subscriber's clock (the predictions: the
 * seven days from it), the interval shortened as spec §4 does for a week.
 */
export function weeklyPayload(
  section: ReportSection,
  filters: ReportFilter[],
  sendingDay: string,
): ReportPayload {
  const base = payloadOf(filters, section);
  const forward = section === 'prediction_daily' || section === 'prediction_weekday';
  const from = forward ? sendingDay : addDays(sendingDay, -WEEK);
  const to = addDays(from, WEEK - 1);
  return ReportPayload.parse({
    ...base,
    datetime_from: `${from}${base.datetime_from.slice(10)}`,
    datetime_to: `${to}${base.datetime_to.slice(10)}`,
    interval_id: pickInterval(WEEK, base.interval_id),
  });
}

/**
 * Weekly report mails (issue 44): every subscription whose time has come is claimed and moved to
 * the same weekday and hour a week on (on the user's clock, across a daylight-saving change), then
 * mailed to its user in their language with the preset's figures for the week and, if asked, the
 * CSV the export would give. As the check-in reminders, a claimed subscription is mailed at most
 * once: a mail that cannot be made (a level deleted since) is logged, not tried every few minutes.
 * A subscriber who may no longer read the report gets nothing. Answers the mailed ids.
 */
export async function sendWeeklyReports(
  db: Kysely<Database>,
  deps: Deps,
  log: Log,
  now = new Date(),
): Promise<number[]> {
  const mailed: number[] = [];
  for (let due = await claimDue(db, now); due.length > 0; due = await claimDue(db, now))
    for (const subscription of due)
      try {
        if (!(await mailOne(db, deps, subscription, now))) continue;
        await db
          .updateTable('report_subscriptions')
          .set({ last_sent_at: now })
          .where('id', '=', subscription.id)
          .execute();
        mailed.push(subscription.id);
      } catch (error) {
        log.warn({ err: error, subscription: subscription.id }, 'weekly report mail failed');
      }
  return mailed;
}

/** Queues one subscription's mail; answers false when its user may not read the report. */
async function mailOne(db: Kysely<Database>, deps: Deps, due: Due, now: Date): Promise<boolean> {
  const permissions = await generalPermissionsOf(db, due.company_id, due.user_id);
  if (!can(permissions, 'REPORTS') || !can(permissions, SECTION_PERMISSION[due.section])) return false;
  const ctx: ServiceContext = { db, companyId: due.company_id, userId: due.user_id, permissions };
  const stored = (typeof due.preset === 'string' ? JSON.parse(due.preset) : due.preset) as {
    filters: ReportFilter[];
  };
  const sendingDay = wallClockAt(due.next_at, due.timezone).date;
  const payload = weeklyPayload(due.section, stored.filters, sendingDay);
  const result = await calculate(ctx, payload, { page: 1, per_page: 1 }, now);
  const labels = await deps.reference.labels(due.language);
  const say = (code: string, english: string, params: Record<string, string | number> = {}) =>
    format(labels.find((label) => label.code === code)?.content ?? english, params);
  const locale = due.locale || due.language;
  const text = mailText(result, payload, due, say, locale, deps.originOf(due.subdomain));
  const attachments = due.attach_csv
    ? [
        {
          filename: EXPORT_FILENAME,
          content_type: 'text/csv; charset=utf-8',
          base64: Buffer.concat(
            (await (await exportCsv(ctx, payload, result)).toArray()).map((chunk: Buffer | string) =>
              typeof chunk === 'string' ? Buffer.from(chunk) : chunk,
            ),
          ).toString('base64'),
        },
      ]
    : [];
  await deps.mailer.queue({
    companyId: due.company_id,
    to: due.email,
    subject: say('reports.mail.subject', 'Weekly report: {name}', { name: due.preset_name }),
    text,
    attachments,
  });
  return true;
}

type Say = (code: string, english: string, params?: Record<string, string | number>) => string;

function mailText(
  result: ReportResult,
  payload: ReportPayload,
  due: Due,
  say: Say,
  locale: string,
  origin: string,
): string {
  const report = RESERVATION_REPORTS.find((entry) => entry.section === due.section);
  const day = (date: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  const pct = (value: number) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  const weekday = (index: number) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
      // 2024-01-01 was a Monday
      new Date(Date.UTC(2024, 0, 1 + index)),
    );
  const lines: string[] = [
    report ? say(report.title[0], report.title[1]) : say('reports.title', 'Reports'),
    say('reports.period', '{from} to {to}, {hours}', {
      from: day(payload.datetime_from.slice(0, 10)),
      to: day(payload.datetime_to.slice(0, 10)),
      hours: `${payload.datetime_from.slice(11)}–${payload.datetime_to.slice(11)}`,
    }),
    '',
  ];
  const summary = result.summary;
  if (summary)
    lines.push(
      `${say('reports.booked', 'Booked')}: ${pct(summary.booked_pct)}`,
      `${say('reports.real-use', 'Real use (checked in)')}: ${pct(summary.used_pct)}`,
      `${say('reports.bookings', 'Bookings')}: ${count(summary.bookings)}`,
      `${say('reports.check-ins', 'Check-ins')}: ${count(summary.check_ins)}`,
      `${say('reports.no-shows', 'No-shows')}: ${count(summary.no_shows)}`,
      '',
    );
  if (result.by_day) {
    const [min, average, max] = [
      say('reports.minimum', 'Minimum'),
      say('reports.average', 'Average'),
      say('reports.maximum', 'Maximum'),
    ];
    for (const row of result.by_day)
      lines.push(
        `${day(row.key)}: ${min} ${pct(row.min)}, ${average} ${pct(row.average)}, ${max} ${pct(row.max)}`,
      );
  } else if (result.series && payload.interval_id === 2) {
    const [booked, used] = [
      say('reports.booked', 'Booked'),
      say('reports.real-use', 'Real use (checked in)'),
    ];
    for (const point of result.series)
      lines.push(`${day(point.key)}: ${booked} ${pct(point.booked_pct)}, ${used} ${pct(point.used_pct)}`);
  } else if (result.prediction) {
    lines.push(`${say('reports.expected', 'Expected occupancy')}:`);
    for (const row of result.prediction)
      lines.push(
        `${due.section === 'prediction_weekday' ? weekday(Number(row.key)) : day(row.key)}: ${pct(row.expected_pct)}`,
      );
  } else if (result.meta) lines.push(`${say('reports.bookings', 'Bookings')}: ${count(result.meta.total)}`);
  lines.push('');
  if (due.attach_csv)
    lines.push(
      say('reports.mail.attached', 'The figures are attached as {file}.', { file: EXPORT_FILENAME }),
      '',
    );
  const path = report ? `/reports/reservations/${report.segment}` : '/reports';
  lines.push(
    say('reports.mail.open', 'Open the report: {url}', { url: `${origin}${path}` }),
    '',
    say('reports.mail.manage', 'To change or stop this weekly mail: {url}', {
      url: `${origin}${report?.preset ? `${path}/save-preset` : '/reports'}`,
    }),
    '',
  );
  return lines.join('\n');
}

/** Runs the weekly mails on an interval from a server process (main.ts); answers the stop function. */
export function startWeeklyReports(
  db: Kysely<Database>,
  deps: Deps,
  log: FastifyBaseLogger,
  intervalMs = WEEKLY_MAIL_INTERVAL_MS,
): () => void {
  return runEvery(intervalMs, log, 'weekly report mails failed', async () => {
    const ids = await sendWeeklyReports(db, deps, log);
    if (ids.length > 0) log.info({ mailed: ids.length }, 'weekly report mails queued');
  });
}
