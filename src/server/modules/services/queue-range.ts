import type { OrdersQueryParsed } from '../../../shared/contract/services';
import { defaultQueueDates } from '../../../shared/services/queue-dates';
import { isCalendarDate } from '../../../shared/time/calendar-date';
import { addDays, zonedInstant } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import { unprocessable } from '../../http/errors';

/** The queue's dates as instants in the company's zone: from the start day's midnight to after the end day. */
export async function queueRange(ctx: ServiceContext, query: OrdersQueryParsed, now: Date) {
  const { timezone } = await ctx.db
    .selectFrom('companies')
    .select('timezone')
    .where('id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  const defaults = defaultQueueDates(timezone, now);
  const start = query.start ?? defaults.start;
  const end = query.end ?? defaults.end;
  if (!isCalendarDate(start)) throw unprocessable({ start: ['Start is not valid.'] });
  if (!isCalendarDate(end)) throw unprocessable({ end: ['End is not valid.'] });
  if (end < start) throw unprocessable({ end: ['The end date must not be before the start date.'] });
  return { from: zonedInstant(start, 0, timezone), to: zonedInstant(addDays(end, 1), 0, timezone) };
}
