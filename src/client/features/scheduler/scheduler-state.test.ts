import { describe, expect, it } from 'vitest';
import { label } from '../../i18n/i18n';
import { SchedulerState } from '../../../shared/contract/scheduler';
import { createWhen } from '../../i18n/format-when';
import { describeRecurrence, describeWhen } from './describe';
import { defaultRecurrence, freshDraft, toState, weekdayOf } from './scheduler-state';

// No labels loaded: every text is its English default.
const english = label;
const when = createWhen({
  dateFormat: 'd.M.yyyy',
  timeFormat: 'HH:mm',
  zone: 'Europe/Zurich',
  language: 'en',
});

describe('scheduler draft', () => {
  it('starts at the next full hour for an hour, in the given zone, and tomorrow late in the evening', () => {
    const draft = freshDraft(new Date('2026-11-23T09:20:00Z'), 'Europe/Zurich');
    expect(draft.dateTime).toEqual({ date: '2026-11-23', startTime: '11:00', endTime: '12:00' });
    expect(draft.timezone).toBe('Europe/Zurich');
    const late = freshDraft(new Date('2026-11-23T22:30:00Z'), 'Europe/Zurich');
    expect(late.dateTime).toEqual({ date: '2026-11-24', startTime: '09:00', endTime: '10:00' });
  });

  it('proposes 09:00 that morning after midnight, never 01:00 at night', () => {
    const night = freshDraft(new Date('2026-11-23T23:30:00Z'), 'Europe/Zurich'); // 00:30 in Zurich
    expect(night.dateTime).toEqual({ date: '2026-11-24', startTime: '09:00', endTime: '10:00' });
    const evening = freshDraft(new Date('2026-11-23T18:10:00Z'), 'Europe/Zurich'); // 19:10
    expect(evening.dateTime).toEqual({ date: '2026-11-24', startTime: '09:00', endTime: '10:00' });
  });

  it('becomes the POST scheduler body the contract accepts: room ids, alternatives by date and original id', () => {
    const draft = {
      ...freshDraft(new Date('2026-11-23T09:20:00Z'), 'Europe/Zurich'),
      subject: 'Review',
      host: { id: 7, name: 'Ada Admin' },
      rooms: [
        { id: 3, name: 'Eiger' },
        { id: 4, name: 'Jungfrau' },
      ],
      alternatives: { '2026-11-30': { '4': { id: 5, name: 'Mönch' } } },
      recurrence: defaultRecurrence('2026-11-23'),
    };
    const state = toState(draft);
    expect(state).toMatchObject({
      host: { id: 7 },
      rooms: [3, 4],
      alternatives: { '2026-11-30': { '4': 5 } },
      recurrence: {
        dateRange: { start: '2026-11-23', end: '2026-12-20' },
        type: 'weekly',
        days: [0],
        interval: 1,
      },
    });
    expect(SchedulerState.safeParse(state).success).toBe(true);
  });

  it('numbers weekdays from Monday 0 to Sunday 6 (spec §9)', () => {
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
  });

  it('describes a recurrence and the date and time as the summary shows them, in the user’s formats', () => {
    expect(describeRecurrence(null, english, when)).toBe('Does not repeat');
    expect(
      describeRecurrence(
        { dateRange: { start: '2026-11-23', end: '2026-12-20' }, type: 'weekly', days: [2, 0], interval: 2 },
        english,
        when,
      ),
    ).toBe('Every 2 weeks on Monday, Wednesday, 23.11.2026 until 20.12.2026');
    const dateTime = { date: '2026-11-23', startTime: '10:00', endTime: '11:00' };
    expect(describeWhen({ dateTime, allDay: false }, english, when)).toBe('23.11.2026 10:00–11:00');
    expect(describeWhen({ dateTime, allDay: true }, english, when)).toBe('23.11.2026, all day');
  });
});
