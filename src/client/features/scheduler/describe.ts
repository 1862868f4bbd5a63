import type { SchedulerMeeting, SchedulerRecurrence } from '../../../shared/contract/scheduler';
import type { When } from '../../i18n/format-when';
import type { LabelFn } from '../../i18n/i18n';
import type { SchedulerDraft } from './scheduler-state';
import { WEEKDAYS } from './scheduler-state';

/** The draft's day and times on the meeting's clock, in the user's formats: '23.11.2026 10:00–11:00'. */
export function describeWhen(
  draft: Pick<SchedulerDraft, 'dateTime' | 'allDay'>,
  t: LabelFn,
  when: When,
): string {
  const { date, startTime, endTime } = draft.dateTime;
  return draft.allDay
    ? t('scheduler.when-all-day', '{date}, all day', { date: when.date(date) })
    : `${when.date(date)} ${when.clockRange(startTime, endTime)}`;
}

export function describeRecurrence(recurrence: SchedulerRecurrence | null, t: LabelFn, when: When): string {
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
    start: when.date(recurrence.dateRange.start),
    end: when.date(recurrence.dateRange.end),
  })}`;
}

/** A meeting's first occurrence on its own clock, and how many follow. */
export function meetingWhen(meeting: SchedulerMeeting, t: LabelFn, when: When): string {
  const first = meeting.occurrences[0];
  const rooms = [...new Set(meeting.occurrences.flatMap((o) => o.rooms.map((room) => room.name)))].join(', ');
  const time = first ? when.dateTimeRange(first.start, first.end, meeting.timezone) : when.date(meeting.date);
  return meeting.occurrences.length > 1
    ? t('scheduler.meeting-series', '{when} and {more} more · {rooms}', {
        when: time,
        more: meeting.occurrences.length - 1,
        rooms,
      })
    : t('scheduler.meeting-single', '{when} · {rooms}', { when: time, rooms });
}
