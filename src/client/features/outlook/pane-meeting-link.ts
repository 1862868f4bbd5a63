import type { OutlookMeeting } from '../../../shared/contract/outlook';
import { saveItem, supportsMailbox, writeCustomProperties } from '../../office/office';
import { fetchMeetingOfItem, linkItem } from './api';
import { meetingKeyProperty } from './first-rooms';
import { updatePane } from './pane-state';

/**
 * How the pane finds the server's meeting again: by the key it keeps with the Outlook item (custom
 * properties), or else by the item's id. The server, not the item, is the source of truth: the item
 * only keeps the key the server knows the meeting by.
 */
export const BOOKING_ID_PROPERTY = 'workplaceBookingId';

/** The key the server knows this meeting by, once the pane has one (read, found or made). */
let knownKey: string | null = null;

export function knownMeetingKey(): string | null {
  return knownKey;
}

export function rememberMeetingKey(key: string | null): void {
  knownKey = key;
}

export function newMeetingKey(): string {
  return crypto.randomUUID();
}

/**
 * The item has no meeting key (Outlook never kept the custom property): the server may still know
 * the meeting by the item's id, which a saved item has.
 */
export async function meetingOfItem(read: Promise<string | null>): Promise<OutlookMeeting | null> {
  const itemId = await read;
  return itemId ? fetchMeetingOfItem(itemId) : null;
}

/**
 * Keeps the meeting's key with the item (custom properties, saves retried). Where Outlook keeps
 * failing to save them, the server must know the meeting by its item id instead: a saved item's id
 * went with the booking; a new item is saved for it (no invitation goes out) and its id linked.
 * Answers whether reopening the meeting will find the booking.
 */
export async function keepMeetingKey(
  key: string,
  booking: OutlookMeeting,
  itemId: string | null,
): Promise<boolean> {
  try {
    await writeCustomProperties({
      [meetingKeyProperty()]: key,
      [BOOKING_ID_PROPERTY]: String(booking.bookings[0]?.id ?? ''),
    });
    return true;
  } catch {
    if (itemId !== null) return true;
    // Without getItemIdAsync (Mailbox 1.8) a reopened pane could not ask by the item's id.
    if (!supportsMailbox('1.8')) return false;
    try {
      const saved = await saveItem();
      const linked = await linkItem(key, saved);
      updatePane({ booking: linked });
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The item's booking id is a note for whoever reads the item; the server already cancelled the
 * booking, so Outlook failing to save the note again does not undo or fail the removal.
 */
export function forgetBookingId(): Promise<void> {
  return writeCustomProperties({ [BOOKING_ID_PROPERTY]: null }).catch(() => undefined);
}
