/**
 * Devices and room displays (docs/devices-and-displays.md): the kinds of template, what each kind of
 * page may offer, and the timings both the server and the pages keep to.
 */
export const TEMPLATE_TYPES = ['DISPLAY', 'RECEPTION_DESK'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const DISPLAY_ACTIONS = ['book_now', 'check_in', 'check_out'] as const;
export const KIOSK_ACTIONS = ['scan', 'typed'] as const;
export type DisplayAction = (typeof DISPLAY_ACTIONS)[number];
export type KioskAction = (typeof KIOSK_ACTIONS)[number];
export const ACTIONS_OF: Record<TemplateType, readonly string[]> = {
  DISPLAY: DISPLAY_ACTIONS,
  RECEPTION_DESK: KIOSK_ACTIONS,
};

/** The lengths a display may offer to book the room now for, in minutes. */
export const BOOK_NOW_MINUTES = [15, 30, 60] as const;

/**
 * A template's colour: one of Fluent's palette names (the page maps it to theme tokens, so every
 * accent keeps the theme's contrast), not a free hex value.
 */
export const ACCENTS = ['brand', 'teal', 'berry', 'marigold', 'forest', 'steel'] as const;
export type Accent = (typeof ACCENTS)[number];

/** A display reports every minute; five minutes without a report mark it offline. */
export const HEARTBEAT_SECONDS = 60;
export const OFFLINE_AFTER_MINUTES = 5;
/** A display reads its room every 5 s; while the server does not answer, every 2 s. */
export const DISPLAY_REFRESH_SECONDS = 5;
export const DISPLAY_RETRY_SECONDS = 2;

export type DeviceState = 'online' | 'offline' | 'never';

/** Whether a device reported recently enough (spec: the devices list marks offline displays). */
export function deviceState(lastHeartbeat: Date | null, now: Date): DeviceState {
  if (!lastHeartbeat) return 'never';
  return now.getTime() - lastHeartbeat.getTime() > OFFLINE_AFTER_MINUTES * 60_000 ? 'offline' : 'online';
}

const QUARTER_MS = 15 * 60_000;

/**
 * The slots a display books "now for N minutes": from the start of the quarter hour under way (the
 * booking engine books whole 15-minute slots) to the quarter-hour boundary nearest to now + N, at
 * least one quarter. Every real zone's offset is a whole number of quarter hours, so quarter
 * boundaries are the same instants on the room's clock as on UTC's.
 */
export function bookNowSlots(now: Date, minutes: number): Array<{ datetime_from: Date; datetime_to: Date }> {
  const start = Math.floor(now.getTime() / QUARTER_MS) * QUARTER_MS;
  const end = Math.max(
    start + QUARTER_MS,
    Math.round((now.getTime() + minutes * 60_000) / QUARTER_MS) * QUARTER_MS,
  );
  const slots: Array<{ datetime_from: Date; datetime_to: Date }> = [];
  for (let from = start; from < end; from += QUARTER_MS)
    slots.push({ datetime_from: new Date(from), datetime_to: new Date(from + QUARTER_MS) });
  return slots;
}
