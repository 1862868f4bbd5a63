import type { OutlookRecurrence } from '../../shared/time/outlook-recurrence';

/**
 * Every Office.js call the task pane makes, promisified, in one module (ARCHITECTURE.md). Office.js
 * is loaded by taskpane.html from Microsoft's CDN, so `Office` is a global here, never an import.
 * Times cross this boundary as UTC Date objects; showing them in the user's zone is the caller's job.
 */
export interface MeetingAttendee {
  name: string;
  email: string;
}

export interface Meeting {
  subject: string;
  start: Date;
  end: Date;
  location: string;
  requiredAttendees: MeetingAttendee[];
  optionalAttendees: MeetingAttendee[];
  /** the series the meeting belongs to, or null (a single meeting, or a host without Mailbox 1.7) */
  recurrence: OutlookRecurrence | null;
}

export type OfficeHostInfo = { host: string | null; platform: string | null };

let ready: Promise<OfficeHostInfo> | null = null;

/** Resolves once Office has initialised the pane (spec: the pane renders after Office.onReady). */
export function officeReady(): Promise<OfficeHostInfo> {
  ready ??= new Promise<OfficeHostInfo>((resolve, reject) => {
    if (typeof Office === 'undefined') {
      reject(new Error('Office.js did not load: open this page from Outlook.'));
      return;
    }
    void Office.onReady((info) =>
      resolve({
        host: info.host ? String(info.host) : null,
        platform: info.platform ? String(info.platform) : null,
      }),
    );
  });
  return ready;
}

/** An Office call that failed, with Office's error name (e.g. ItemNotSaved) kept for the caller. */
export class OfficeCallError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    /** Office's numeric error code (e.g. 5100: the host is busy) */
    readonly officeCode: number | null = null,
  ) {
    super(message);
    this.name = 'OfficeCallError';
  }
}

function appointment(): Office.AppointmentCompose {
  const item = Office.context?.mailbox?.item as Office.AppointmentCompose | null | undefined;
  if (!item) throw new Error('No Outlook item is open.');
  return item;
}

/**
 * One occurrence of a series opened on its own (Mailbox 1.7 names its series). Outlook copies the
 * series' custom properties to it, so the pane keeps the occurrence's own key under another name:
 * the series' key would make a booking for this one meeting replace the whole series' bookings.
 */
export function isSeriesOccurrence(): boolean {
  const item = Office.context?.mailbox?.item as Office.AppointmentCompose | null | undefined;
  return Boolean(item?.seriesId);
}

/**
 * The mailbox's zone as Outlook names it (userProfile.timeZone, a Windows name such as
 * 'W. Europe Standard Time'): the meeting's times are set in it. A property, not a call.
 */
export function mailboxZone(): string | null {
  return Office.context?.mailbox?.userProfile?.timeZone || null;
}

/** Whether the host has the Mailbox requirement set (newer APIs are detected, never assumed). */
export function supportsMailbox(version: '1.7' | '1.8'): boolean {
  return Boolean(Office.context?.requirements?.isSetSupported('Mailbox', version));
}

/**
 * Outlook on the web, new Outlook and mobile run at most 3 async calls of an add-in at once and
 * refuse more; the pane starts up to 9 while it opens. Calls past 3 wait here for a free place.
 */
export const OFFICE_CALLS_IN_FLIGHT = 3;
let inFlight = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(run: () => Promise<T>): Promise<T> {
  if (inFlight >= OFFICE_CALLS_IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
  else inFlight += 1;
  try {
    return await run();
  } finally {
    // the place goes straight to the next waiting call, or is freed
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  }
}

/** Office's answer when the host is busy ("Wait until the previous call completes."): not performed. */
const HOST_BUSY = 5100;
const BUSY_ATTEMPTS = 5;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function callOnce<T>(start: (callback: (result: Office.AsyncResult<T>) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    start((result) => {
      if (result.status === Office.AsyncResultStatus.Succeeded) resolve(result.value);
      else
        reject(
          new OfficeCallError(
            result.error?.message ?? 'The Outlook call failed.',
            result.error?.name ?? null,
            typeof result.error?.code === 'number' ? result.error.code : null,
          ),
        );
    });
  });
}

/**
 * Wraps an Office async call; a failed AsyncResult rejects with Office's own message and name. At
 * most 3 run at once; a call the busy host refused (5100, not performed) is tried again, later.
 */
export function call<T>(start: (callback: (result: Office.AsyncResult<T>) => void) => void): Promise<T> {
  return inTurn(async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await callOnce(start);
      } catch (error) {
        const busy = error instanceof OfficeCallError && error.officeCode === HOST_BUSY;
        if (!busy || attempt === BUSY_ATTEMPTS) throw error;
        await wait(50 * 2 ** attempt);
      }
    }
  });
}

function attendees(list: Office.Recipients): Promise<MeetingAttendee[]> {
  return call<Office.EmailAddressDetails[]>((done) => list.getAsync(done)).then((details) =>
    details.map((detail) => ({ name: detail.displayName, email: detail.emailAddress })),
  );
}

/** Reads the meeting being organised: subject, start, end, location, attendees and recurrence. */
export async function readMeeting(): Promise<Meeting> {
  const item = appointment();
  const [subject, start, end, location, requiredAttendees, optionalAttendees, recurrence] = await Promise.all(
    [
      call<string>((done) => item.subject.getAsync(done)),
      call<Date>((done) => item.start.getAsync(done)),
      call<Date>((done) => item.end.getAsync(done)),
      call<string>((done) => item.location.getAsync(done)),
      attendees(item.requiredAttendees),
      attendees(item.optionalAttendees),
      readRecurrence(),
    ],
  );
  return { subject, start, end, location, requiredAttendees, optionalAttendees, recurrence };
}

/** recurrence.getAsync (Mailbox 1.7): the series, or null for a single meeting or an older host. */
export async function readRecurrence(): Promise<OutlookRecurrence | null> {
  if (!supportsMailbox('1.7')) return null;
  const item = appointment();
  // One occurrence opened on its own names its series; Outlook still answers the series' pattern,
  // but this item is that one meeting: booking it must not book (or move) the whole series.
  if (item.seriesId) return null;
  const recurrence = await call<Office.Recurrence | null>((done) => item.recurrence.getAsync(done));
  if (!recurrence) return null;
  // Office's SeriesTime is an object of getters; the shared recurrence module reads both forms.
  return recurrence as unknown as OutlookRecurrence;
}

/** Sets the meeting's end (always UTC to Office.js), e.g. from the pane's duration choice. */
export function setMeetingEnd(end: Date): Promise<void> {
  const item = appointment();
  return call<void>((done) => item.end.setAsync(new Date(end.getTime()), done));
}

export interface RoomForMeeting {
  name: string;
  /** the room's mailbox: Outlook invites the room itself when there is one */
  email: string | null;
}

/** How the room reached the meeting: as a room location (1.8, read back) or as location text. */
export type RoomWritten = 'room' | 'text';

/** The rooms in the meeting's locations (Mailbox 1.8), by mailbox address or display name. */
export async function readRoomLocations(): Promise<{ name: string; email: string | null }[]> {
  if (!supportsMailbox('1.8')) {
    const text = await call<string>((done) => appointment().location.getAsync(done));
    return text ? [{ name: text, email: null }] : [];
  }
  const locations = await call<Office.LocationDetails[]>((done) =>
    appointment().enhancedLocation.getAsync(done),
  );
  return locations.map((location) => ({
    name: location.displayName,
    email: location.emailAddress || null,
  }));
}

const sameRoom = (room: RoomForMeeting) => (location: { name: string; email: string | null }) =>
  room.email
    ? location.email?.toLowerCase() === room.email.toLowerCase()
    : location.name.trim().toLowerCase() === room.name.trim().toLowerCase();

/**
 * Writes the room into the meeting: enhancedLocation.addAsync with its mailbox (Mailbox 1.8), read
 * back to confirm (some clients report success and add nothing: that rejects); location text where
 * 1.8 is missing.
 */
export async function addRoomToMeeting(room: RoomForMeeting): Promise<RoomWritten> {
  const item = appointment();
  if (!supportsMailbox('1.8')) {
    await call<void>((done) => item.location.setAsync(room.name, done));
    return 'text';
  }
  const identifier: Office.LocationIdentifier = room.email
    ? { id: room.email, type: Office.MailboxEnums.LocationType.Room }
    : { id: room.name, type: Office.MailboxEnums.LocationType.Custom };
  await call<void>((done) => item.enhancedLocation.addAsync([identifier], done));
  const after = await readRoomLocations();
  if (!after.some(sameRoom(room)))
    throw new OfficeCallError('Outlook did not add the room to the meeting.', 'RoomNotAdded');
  return 'room';
}

/** Takes the room out of the meeting's locations (when the pane cancels it). */
export async function removeRoomFromMeeting(room: RoomForMeeting): Promise<void> {
  const item = appointment();
  if (!supportsMailbox('1.8')) {
    const text = await call<string>((done) => item.location.getAsync(done));
    if (text.trim().toLowerCase() === room.name.trim().toLowerCase())
      await call<void>((done) => item.location.setAsync('', done));
    return;
  }
  const identifier: Office.LocationIdentifier = room.email
    ? { id: room.email, type: Office.MailboxEnums.LocationType.Room }
    : { id: room.name, type: Office.MailboxEnums.LocationType.Custom };
  await call<void>((done) => item.enhancedLocation.removeAsync([identifier], done));
}

export function roomIsInMeeting(
  room: RoomForMeeting,
  locations: readonly { name: string; email: string | null }[],
): boolean {
  return locations.some(sameRoom(room));
}

const SAVE_ATTEMPTS = 3;

/** One custom property of the item (what the pane left there before), or null. */
export async function readCustomProperty(name: string): Promise<string | null> {
  const properties = await call<Office.CustomProperties>((done) =>
    appointment().loadCustomPropertiesAsync(done),
  );
  const value: unknown = properties.get(name);
  return typeof value === 'string' ? value : null;
}

/**
 * Writes custom properties: load → set → saveAsync, then loaded again to check they stuck. Some
 * clients fail the first save, so a failed save or a value not read back is tried again.
 */
export async function writeCustomProperties(values: Record<string, string | null>): Promise<void> {
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt += 1) {
    try {
      const properties = await call<Office.CustomProperties>((done) =>
        appointment().loadCustomPropertiesAsync(done),
      );
      for (const [name, value] of Object.entries(values)) {
        if (value === null) properties.remove(name);
        else properties.set(name, value);
      }
      await call<void>((done) => properties.saveAsync(done));
      const check = await call<Office.CustomProperties>((done) =>
        appointment().loadCustomPropertiesAsync(done),
      );
      if (Object.entries(values).every(([name, value]) => (check.get(name) ?? null) === value)) return;
      lastError = new OfficeCallError('Outlook did not keep the meeting’s booking reference.', 'NotKept');
    } catch (error) {
      lastError = error;
    }
    await wait(200 * attempt);
  }
  throw lastError instanceof Error ? lastError : new Error(String(lastError));
}

/**
 * The item's Exchange id, or null for a draft Outlook has not saved: getItemIdAsync answers
 * ItemNotSaved then; the id is only a note on the booking, so the draft is not saved for it.
 */
export async function readItemId(): Promise<string | null> {
  const item = appointment();
  if (!supportsMailbox('1.8') || typeof item.getItemIdAsync !== 'function') return null;
  try {
    return await call<string>((done) => item.getItemIdAsync(done));
  } catch (error) {
    if (error instanceof OfficeCallError && error.code === 'ItemNotSaved') return null;
    throw error;
  }
}

/**
 * Saves the item (saveAsync, Mailbox 1.3) and answers its id. A new appointment saved this way goes
 * to the organizer's calendar without sending invitations; the pane only does it when Outlook will
 * not keep the meeting's key, so that the server can know the meeting by its item id instead.
 */
export async function saveItem(): Promise<string> {
  const item = appointment();
  return call<string>((done) => item.saveAsync(done));
}

export type MeetingChange = 'time' | 'recurrence' | 'location';

const eventOf = (change: MeetingChange): Office.EventType =>
  ({
    time: Office.EventType.AppointmentTimeChanged,
    recurrence: Office.EventType.RecurrenceChanged,
    location: Office.EventType.EnhancedLocationsChanged,
  })[change];

/** Listens to the meeting's time, recurrence and location changes; answers the way to stop. */
export async function onMeetingChange(
  listener: (change: MeetingChange) => void,
): Promise<() => Promise<void>> {
  // Item events came with Mailbox 1.7: an older client has none, and the pane reads the meeting
  // afresh each time it opens instead.
  if (!supportsMailbox('1.7')) return () => Promise.resolve();
  const item = appointment();
  const kinds = (['time', 'recurrence', 'location'] as const).filter(
    (kind) => kind !== 'location' || supportsMailbox('1.8'),
  );
  await Promise.all(
    kinds.map((kind) =>
      call<void>((done) => item.addHandlerAsync(eventOf(kind), () => listener(kind), done)),
    ),
  );
  return async () => {
    await Promise.all(
      kinds.map((kind) => call<void>((done) => item.removeHandlerAsync(eventOf(kind), done))),
    );
  };
}

/** A message in the meeting's info bar (notificationMessages), replacing the pane's previous one. */
export async function notifyInMeeting(key: string, message: string, kind: 'error' | 'info'): Promise<void> {
  const messages = appointment().notificationMessages;
  const details: Office.NotificationMessageDetails =
    kind === 'error'
      ? { type: Office.MailboxEnums.ItemNotificationMessageType.ErrorMessage, message: message.slice(0, 150) }
      : {
          type: Office.MailboxEnums.ItemNotificationMessageType.InformationalMessage,
          message: message.slice(0, 150),
          icon: 'Icon.16',
          persistent: false,
        };
  await call<void>((done) => messages.replaceAsync(key, details, done));
}

/** Takes the pane's message out of the info bar; there being none (KeyNotFound) is not a failure. */
export async function clearMeetingNotice(key: string): Promise<void> {
  try {
    await call<void>((done) => appointment().notificationMessages.removeAsync(key, done));
  } catch (error) {
    if (!(error instanceof OfficeCallError && error.code === 'KeyNotFound')) throw error;
  }
}

/**
 * Opens a page in the user's browser, outside the pane: `ui.openBrowserWindow` where the host has
 * OpenBrowserWindowApi 1.1 (classic Outlook on Windows opens nothing for a pane's `target=_blank`),
 * else a new window, which Outlook on the web and on the Mac open as a browser tab.
 */
export function openInBrowser(url: string): void {
  if (Office.context?.requirements?.isSetSupported('OpenBrowserWindowApi', '1.1'))
    Office.context.ui.openBrowserWindow(url);
  else window.open(url, '_blank', 'noopener');
}
