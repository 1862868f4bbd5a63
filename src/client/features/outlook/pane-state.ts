import { useSyncExternalStore } from 'react';
import type { OccurrenceConflict, OutlookMeeting, OutlookRoom } from '../../../shared/contract/outlook';
import type { Meeting } from '../../office/office';

/**
 * The task pane's one meeting: what Outlook says about it, what the server holds for it, and what
 * the pane tells the user. Sub-screens replace each other, so this lives outside React; screens
 * read it with usePane(), the pane's actions (pane-session.ts, pane-booking.ts) with paneState().
 */

export interface PaneOccurrence {
  start: Date;
  end: Date;
}

export type Notice = { intent: 'success' | 'error' | 'warning' | 'info'; text: string };

export interface PaneState {
  phase: 'loading' | 'ready' | 'failed';
  failure: string | null;
  meeting: Meeting | null;
  /** every occurrence (one for a single meeting); null while a series cannot be read */
  occurrences: PaneOccurrence[] | null;
  seriesProblem: string | null;
  /** the zone the meeting's times are set in (IANA), in which the pane shows them */
  zone: string;
  /** a series cut at the company's booking horizon: its last day, 'YYYY-MM-DD'; else null */
  seriesUntil: string | null;
  /** the company's booking horizon in days, known for a series */
  horizonDays: number | null;
  booking: OutlookMeeting | null;
  /** the booked room was seen in the meeting's locations (so its disappearance means removal) */
  roomInMeeting: boolean;
  notice: Notice | null;
  /** a series' taken dates, each with a suggested room */
  conflicts: OccurrenceConflict[];
  /** alternatives the user picked, by occurrence start (ISO) */
  chosen: Record<string, OutlookRoom>;
  busy: string | null;
  /** the room the user chose to book (add-resource) */
  candidate: OutlookRoom | null;
  /** the seats the user asked for (the in-person attendees); null: one per invitee */
  seats: number | null;
}

const initial: PaneState = {
  phase: 'loading',
  failure: null,
  meeting: null,
  occurrences: null,
  seriesProblem: null,
  zone: 'UTC',
  seriesUntil: null,
  horizonDays: null,
  booking: null,
  roomInMeeting: false,
  notice: null,
  conflicts: [],
  chosen: {},
  busy: null,
  candidate: null,
  seats: null,
};

let state: PaneState = initial;
const listeners = new Set<() => void>();

export function updatePane(change: Partial<PaneState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

export function usePane(): PaneState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** The state as it is now, for the actions (which read it again after each await). */
export function paneState(): PaneState {
  return state;
}
