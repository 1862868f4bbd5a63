import type { SchedulerMeeting, SchedulerRecurrence } from '../../../shared/contract/scheduler';
import { wallClockAt } from '../../../shared/time/zone';
import type { LabelFn } from '../../i18n/i18n';
import type { SchedulerDraft } from './scheduler-state';
import { WEEKDAYS } from './scheduler-state';

/** 'YYYY-MM-DD HH:MM–HH:MM' of an occurrence, on the meeting's clock. */
export function occurrenceTime(start: string | Date, end: string | Date, zone: string): string {
  const from = wallClockAt(new Date(start), zone);
  const to = wallClockAt(new Date(end), zone);
  return `${from.date} ${from.time}–${to.date === from.date ? '' : `${to.date} `}${to.time}`;
}

export function describeWhen(draft: Pick<SchedulerDraft, 'dateTime' | 'allDay'>, t: LabelFn): string {
  const { date, startTime, endTime } = draft.dateTime;
  return draft.allDay
    ? t('scheduler.when-all-day', '{date}, all day', { date })
    : t('scheduler.when', '{date}, {start}–{end}', { date, start: startTime, end: endTime });
}

export function describeRecurrence(recurrence: SchedulerRecurrence | null, t: LabelFn): string {
  if (!recurrence) return t('scheduler.no-recurrence', 'Does not repeat');
  const every =
    recurrence.interval === 1
      ? t(
          `scheduler.every-${recurrence.type}`,
          { daily: 'Every day', weekly: 'Every week', monthly: 'Every month', yearly: 'Every year' }[
            recurrence.type
          ],
        )
      : t(
          `scheduler.every-n-${recurrence.type}`,
          `Every {n} ${{ daily: 'days', weekly: 'weeks', monthly: 'months', yearly: 'years' }[recurrence.type]}`,
          {
            n: recurrence.interval,
          },
        );
  const days =
    recurrence.type === 'weekly'
      ? ` ${t('scheduler.on', 'on')} ${[...recurrence.days]
          .sort()
          .map((day) => t(`scheduler.${WEEKDAYS[day]!.code}`, WEEKDAYS[day]!.english))
          .join(', ')}`
      : '';
  return `${every}${days}, ${t('scheduler.until', '{start} until {end}', {
    start: recurrence.dateRange.start,
    end: recurrence.dateRange.end,
  })}`;
}

export function meetingWhen(meeting: SchedulerMeeting, t: LabelFn): string {
  const first = meeting.occurrences[0];
  const rooms = [...new Set(meeting.occurrences.flatMap((o) => o.rooms.map((room) => room.name)))].join(', ');
  const when = first ? occurrenceTime(first.start, first.end, meeting.timezone) : meeting.date;
  return meeting.occurrences.length > 1
    ? t('scheduler.meeting-series', '{when} and {more} more · {rooms}', {
        when,
        more: meeting.occurrences.length - 1,
        rooms,
      })
    : t('scheduler.meeting-single', '{when} · {rooms}', { when, rooms });
}
