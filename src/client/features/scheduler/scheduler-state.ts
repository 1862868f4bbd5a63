import { useSyncExternalStore } from 'react';
import type {
  SchedulerAttendee,
  SchedulerRecurrence,
  SchedulerState,
} from '../../../shared/contract/scheduler';
import { addDays, browserZone, wallClockAt } from '../../../shared/time/zone';

/**
 * spec §3 "Scheduler state": what the organiser has filled in so far, shared by the /scheduler
 * sub-screens (each replaces its parent, so the state lives outside them) and kept in the tab's
 * session storage, so a reload or a detour through a room's details loses nothing. Room and host
 * names are kept beside the ids for the summary.
 */
export interface SchedulerDraft {
  subject: string;
  attendees: SchedulerAttendee[];
  dateTime: { date: string; startTime: string; endTime: string };
  timezone: string;
  allDay: boolean;
  recurrence: SchedulerRecurrence | null;
  /** order lines, with what the summary shows beside the ids */
  services: Array<{
    item_id: number;
    quantity: number;
    resource_id?: number | null;
    name?: string;
    price_cents?: number;
    currency?: string;
  }>;
  privateMeeting: boolean;
  teams: boolean;
  notes: string;
  host: { id: number; name: string } | null;
  rooms: Array<{ id: number; name: string }>;
  /** occurrence date → original room id → { id, name } of the room booked instead that day */
  alternatives: Record<string, Record<string, { id: number; name: string }>>;
}

const STORAGE_KEY = 'schedulerDraft';

/** A new meeting: the next full hour for an hour, today (tomorrow after 22:00), in the browser's zone. */
export function freshDraft(now = new Date(), zone = browserZone()): SchedulerDraft {
  const clock = wallClockAt(now, zone);
  // The next full hour of the working day: never a meeting at 01:00 (before 08:00 it is 09:00 that
  // morning; from 19:00 on, 09:00 the next day).
  const nextHour = Number(clock.time.slice(0, 2)) + 1;
  const late = nextHour > 18;
  const start = late || nextHour < 8 ? 9 : nextHour;
  const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  return {
    subject: '',
    attendees: [],
    dateTime: {
      date: late ? addDays(clock.date, 1) : clock.date,
      startTime: hh(start),
      endTime: hh(start + 1),
    },
    timezone: zone,
    allDay: false,
    recurrence: null,
    services: [],
    privateMeeting: false,
    teams: false,
    notes: '',
    host: null,
    rooms: [],
    alternatives: {},
  };
}

function load(): SchedulerDraft {
  try {
    const stored = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (stored) return { ...freshDraft(), ...(JSON.parse(stored) as Partial<SchedulerDraft>) };
  } catch {
    // unreadable or unavailable storage: start afresh
  }
  return freshDraft();
}

let draft: SchedulerDraft | null = null;
const listeners = new Set<() => void>();

function current(): SchedulerDraft {
  draft ??= load();
  return draft;
}

export function updateDraft(change: (draft: SchedulerDraft) => SchedulerDraft): void {
  draft = change(current());
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // the draft then lives only as long as the page
  }
  for (const listener of listeners) listener();
}

export function resetDraft(): void {
  updateDraft(() => freshDraft());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSchedulerDraft(): SchedulerDraft {
  return useSyncExternalStore(subscribe, current, current);
}

/** The body of POST scheduler and scheduler/preview. */
export function toState(draft: SchedulerDraft): SchedulerState {
  return {
    subject: draft.subject,
    attendees: draft.attendees,
    dateTime: draft.dateTime,
    timezone: draft.timezone,
    allDay: draft.allDay,
    recurrence: draft.recurrence,
    services: draft.services.map((line) => ({
      item_id: line.item_id,
      quantity: line.quantity,
      resource_id: line.resource_id ?? null,
    })),
    privateMeeting: draft.privateMeeting,
    teams: draft.teams,
    notes: draft.notes,
    host: draft.host ? { id: draft.host.id } : null,
    rooms: draft.rooms.map((room) => room.id),
    alternatives: Object.fromEntries(
      Object.entries(draft.alternatives).map(([date, replaced]) => [
        date,
        Object.fromEntries(Object.entries(replaced).map(([original, room]) => [original, room.id])),
      ]),
    ),
  };
}

/** Monday 0 … Sunday 6 (spec §9). */
export const WEEKDAYS = [
  { day: 0, code: 'monday', english: 'Monday' },
  { day: 1, code: 'tuesday', english: 'Tuesday' },
  { day: 2, code: 'wednesday', english: 'Wednesday' },
  { day: 3, code: 'thursday', english: 'Thursday' },
  { day: 4, code: 'friday', english: 'Friday' },
  { day: 5, code: 'saturday', english: 'Saturday' },
  { day: 6, code: 'sunday', english: 'Sunday' },
] as const;

/** The weekday index (Monday 0) of a calendar date. */
export const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** A weekly recurrence on the meeting's weekday for four weeks: where switching recurrence on starts. */
export function defaultRecurrence(date: string): SchedulerRecurrence {
  return {
    dateRange: { start: date, end: addDays(date, 27) },
    type: 'weekly',
    days: [weekdayOf(date)],
    interval: 1,
  };
}
