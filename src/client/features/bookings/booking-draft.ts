import type { BookingSlot } from '../../../shared/contract/declarations';

/**
 * A booking being added or edited, kept in the address so that the select-slots sub-screen (which
 * replaces the form) and a reload keep it: ?resource=&date=&slots=from~to,…&subject=&private=1
 * &host=&host_name=. Absent values are null: an edit form then shows the booking's own.
 */
export interface BookingDraft {
  resourceId: number | null;
  date: string | null;
  slots: BookingSlot[] | null;
  subject: string | null;
  isPrivate: boolean | null;
  presetId: number | null;
  /** someone else the booking is for (BOOKINGS create, or update on an edit) */
  host: { id: number; name: string } | null;
}

const positive = (text: string | null) => {
  const value = Number(text);
  return text && Number.isInteger(value) && value > 0 ? value : null;
};

function hostOf(params: URLSearchParams): BookingDraft['host'] {
  const id = positive(params.get('host'));
  return id === null ? null : { id, name: params.get('host_name') ?? '' };
}

export function readDraft(params: URLSearchParams): BookingDraft {
  const slots = params.get('slots');
  const parsed = slots
    ? slots
        .split(',')
        .map((pair) => pair.split('~'))
        .filter((pair): pair is [string, string] => pair.length === 2 && !!pair[0] && !!pair[1])
        .map(([from, to]) => ({ datetime_from: from, datetime_to: to }))
    : null;
  const date = params.get('date');
  return {
    resourceId: positive(params.get('resource')),
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    slots: parsed && parsed.length > 0 ? parsed : null,
    subject: params.get('subject'),
    isPrivate: params.has('private') ? params.get('private') === '1' : null,
    presetId: positive(params.get('preset')),
    host: hostOf(params),
  };
}

/** The address parameters with `changes` written in (null removes one). */
export function writeDraft(params: URLSearchParams, changes: Partial<BookingDraft>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null | undefined) => {
    if (value === undefined) return;
    if (value === null) next.delete(key);
    else next.set(key, value);
  };
  set(
    'resource',
    changes.resourceId === undefined
      ? undefined
      : changes.resourceId === null
        ? null
        : String(changes.resourceId),
  );
  set('date', changes.date);
  set(
    'slots',
    changes.slots === undefined
      ? undefined
      : changes.slots === null
        ? null
        : changes.slots.map((slot) => `${slot.datetime_from}~${slot.datetime_to}`).join(','),
  );
  set('subject', changes.subject);
  set(
    'private',
    changes.isPrivate === undefined
      ? undefined
      : changes.isPrivate === null
        ? null
        : changes.isPrivate
          ? '1'
          : '0',
  );
  set(
    'preset',
    changes.presetId === undefined ? undefined : changes.presetId === null ? null : String(changes.presetId),
  );
  if (changes.host !== undefined) {
    set('host', changes.host === null ? null : String(changes.host.id));
    set('host_name', changes.host === null ? null : changes.host.name);
  }
  return next;
}

/** Slots that follow each other, as one span (the booking engine makes them one booking). */
export function spanOfSlots(slots: readonly BookingSlot[]): { from: string; to: string } | null {
  if (slots.length === 0) return null;
  const sorted = [...slots].sort((a, b) => Date.parse(a.datetime_from) - Date.parse(b.datetime_from));
  return { from: sorted[0]!.datetime_from, to: sorted[sorted.length - 1]!.datetime_to };
}

/** Whether each slot ends where the next begins (in start order). */
export function areContiguous(slots: readonly BookingSlot[]): boolean {
  const sorted = [...slots].sort((a, b) => Date.parse(a.datetime_from) - Date.parse(b.datetime_from));
  return sorted.every(
    (slot, index) =>
      index === 0 || Date.parse(sorted[index - 1]!.datetime_to) === Date.parse(slot.datetime_from),
  );
}
