/**
 * A fake Office host for browser tests, served in place of Microsoft's office.js CDN script.
 * It is typed against @types/office-js and behaves like the real host where the pane can tell:
 * callbacks arrive asynchronously with AsyncResult objects, Office.onReady resolves once, and
 * history.pushState/replaceState are nulled (the real office.js does this too), and at most 3 async
 * calls may be in flight at once (Microsoft's documented limit for Outlook on the web, new Outlook
 * and mobile): one more is refused, unperformed, with the error Outlook answers a busy add-in.
 * The set-up (meeting, client flavour, failures to inject) comes from window.__FAKE_OFFICE_SETUP__,
 * set by the line the test prepends; window.__fakeOffice lets the test act as the user in Outlook
 * (move the meeting, take the room out) and read back what the pane wrote.
 */
import { minutesOf, offsetMinutesAt, zonedInstant } from '../../../src/shared/time/zone';
import { zoneOfOutlookName } from '../../../src/shared/time/windows-zones';
import { installSignIn } from './fake-sign-in';
import type { FakeOfficeSetup, FakeOfficeState, FakeRecurrence } from './types';

type Callback<T> = (result: Office.AsyncResult<T>) => void;

declare global {
  interface Window {
    __FAKE_OFFICE_SETUP__?: FakeOfficeSetup;
    __fakeOffice?: FakeOfficeControl;
  }
}

const setup: FakeOfficeSetup = window.__FAKE_OFFICE_SETUP__ ?? {
  meeting: { subject: '', start: new Date().toISOString(), end: new Date().toISOString() },
};
const flavour = setup.flavour ?? 'web';
const failures = { ...setup.failures };
const meeting = setup.meeting;
const state: FakeOfficeState = {
  subject: meeting.subject,
  start: meeting.start,
  end: meeting.end,
  location: meeting.location ?? '',
  locations: [...(meeting.locations ?? [])],
  requiredAttendees: meeting.requiredAttendees ?? [],
  optionalAttendees: meeting.optionalAttendees ?? [],
  recurrence: meeting.recurrence ?? null,
  customProperties: { ...meeting.customProperties },
  itemId: meeting.itemId ?? null,
  notifications: {},
  calls: [],
  customPropertySaves: { failed: 0, succeeded: 0 },
  maxInFlight: 0,
  refusedCalls: [],
  seriesCustomProperties: meeting.seriesId ? { ...meeting.customProperties } : null,
  discarded: false,
  sendVerdicts: [],
  dialogs: [],
  browserWindows: [],
  dialogMessages: [],
  naaRequests: [],
};

/** Outlook's limit on simultaneous async calls of an add-in. */
const ASYNC_CALL_LIMIT = 3;
let inFlight = 0;
let busyLeft = failures.busyCalls ?? 0;

// What each client supports: classic Outlook on Windows stops at 1.8 here; an old Mac client at 1.5.
const MAILBOX_MINOR: Record<NonNullable<FakeOfficeSetup['flavour']>, number> = {
  web: 14,
  'new-windows': 14,
  'classic-windows': 8,
  'old-mac': 5,
};

const Succeeded = 0 as Office.AsyncResultStatus.Succeeded; // the real enum's values
const Failed = 1 as Office.AsyncResultStatus.Failed;

function answer<T>(
  name: string,
  args: unknown[],
  outcome: { value: T } | { error: string; message: string; code?: number },
): void {
  state.calls.push(name);
  inFlight += 1;
  state.maxInFlight = Math.max(state.maxInFlight, inFlight);
  const callback = args.find((arg): arg is Callback<T> => typeof arg === 'function');
  const options = args.find(
    (arg): arg is Office.AsyncContextOptions =>
      typeof arg === 'object' && arg !== null && !Array.isArray(arg),
  );
  const result: Office.AsyncResult<T> =
    'value' in outcome
      ? {
          status: Succeeded,
          value: outcome.value,
          error: undefined as unknown as Office.Error,
          asyncContext: options?.asyncContext,
          diagnostics: undefined,
        }
      : {
          status: Failed,
          value: undefined as T,
          error: {
            name: outcome.error,
            message: outcome.message,
            code: outcome.code ?? 9000,
          } as Office.Error,
          asyncContext: options?.asyncContext,
          diagnostics: undefined,
        };
  // Office answers on a later task, never synchronously.
  setTimeout(() => {
    inFlight -= 1;
    callback?.(result);
  }, 5);
}

/**
 * An async method as the host runs it: refused without being performed when 3 calls are already in
 * flight or the host is busy, with the error Outlook gives then (5100).
 */
function limited<F extends (...args: never[]) => unknown>(name: string, method: F): F {
  return ((...args: Parameters<F>) => {
    if (inFlight >= ASYNC_CALL_LIMIT || busyLeft > 0) {
      busyLeft = Math.max(0, busyLeft - 1);
      state.refusedCalls.push(name);
      return answer(name, args, {
        error: 'API Call Failed',
        message: 'Wait until the previous call completes.',
        code: 5100,
      });
    }
    return method(...args);
  }) as F;
}

/** Every *Async method of an object (and of the objects it holds) put behind the limit. */
function limitAll<T extends object>(target: T, path = ''): T {
  for (const [key, value] of Object.entries(target)) {
    const name = path ? `${path}.${key}` : key;
    if (typeof value === 'function' && key.endsWith('Async'))
      (target as Record<string, unknown>)[key] = limited(name, value as (...args: never[]) => unknown);
    else if (value && typeof value === 'object' && !Array.isArray(value)) limitAll(value as object, name);
  }
  return target;
}
const succeed = <T>(name: string, value: T, args: unknown[]) => answer(name, args, { value });
const fail = (name: string, args: unknown[], error: string, message: string) =>
  answer(name, args, { error, message });

const handlers = new Map<string, (event: unknown) => void>();
function fire(type: string, event: Record<string, unknown> = {}): void {
  const handler = handlers.get(type);
  if (!handler) return;
  setTimeout(() => handler({ type, ...event }), 5);
  // Outlook on the web may deliver one change twice
  if (setup.eventsTwice) setTimeout(() => handler({ type, ...event }), 15);
}

/** The functions the event runtime associated with the manifest's actions (Office.actions). */
const actions = new Map<string, (event: unknown) => void>();

function timeProperty(name: 'start' | 'end') {
  return {
    getAsync: (...args: unknown[]) => succeed(`${name}.getAsync`, new Date(state[name]), args),
    setAsync: (value: Date, ...args: unknown[]) => {
      // Classic Outlook on Windows refuses to change a series' start or end through these calls.
      if (state.recurrence && (flavour === 'classic-windows' || failures.seriesTimeRefused))
        return fail(
          `${name}.setAsync`,
          args,
          'OperationNotSupported',
          'This operation is not supported for a series.',
        );
      state[name] = value.toISOString();
      succeed(`${name}.setAsync`, undefined, args);
      fire('appointmentTimeChanged', { start: new Date(state.start), end: new Date(state.end) });
    },
  };
}

function recipients(name: string, list: () => { name: string; email: string }[]) {
  const details = (): Office.EmailAddressDetails[] =>
    list().map((entry) => ({
      displayName: entry.name,
      emailAddress: entry.email,
      appointmentResponse: 'none' as Office.MailboxEnums.ResponseType,
      recipientType: 'user' as Office.MailboxEnums.RecipientType,
    }));
  return { getAsync: (...args: unknown[]) => succeed(`${name}.getAsync`, details(), args) };
}

/** The mailbox's zone (userProfile.timeZone): a Windows name, as Outlook gives it. */
const mailboxZone = setup.mailboxZone ?? 'W. Europe Standard Time';

/**
 * A SeriesTime as Office.js hands it out (@types/office-js): an object of getters; dates
 * 'YYYY-MM-DD', getEndDate() null for a series with no end date, times in ISO 8601's "THH:mm:ss:mmm"
 * of the series' zone, the duration in minutes.
 */
function seriesTime(recurrence: FakeRecurrence) {
  const series = recurrence.seriesTime;
  const clock = (time: string) => `T${time}:00:000`;
  const duration = (minutesOf(series.endTime) - minutesOf(series.startTime) + 1440) % 1440 || 1440;
  return {
    getStartDate: () => series.startDate,
    getEndDate: () => series.endDate,
    getStartTime: () => clock(series.startTime),
    getEndTime: () => clock(series.endTime),
    getDuration: () => series.durationMinutes ?? duration,
  };
}

/**
 * Office.Recurrence as recurrence.getAsync answers it: recurrenceType and recurrenceProperties as
 * set, the SeriesTime of getters, and always a recurrenceTimeZone (the mailbox's when the series
 * names none), a Windows name with its offset in minutes from UTC on the series' first day.
 */
function recurrenceOf(recurrence: FakeRecurrence) {
  const name = recurrence.recurrenceTimeZone?.name ?? mailboxZone;
  const zone = zoneOfOutlookName(name) ?? 'UTC';
  const firstDay = zonedInstant(recurrence.seriesTime.startDate, 12 * 60, zone);
  return {
    recurrenceType: recurrence.recurrenceType,
    recurrenceProperties: recurrence.recurrenceProperties ?? null,
    seriesTime: seriesTime(recurrence),
    recurrenceTimeZone: {
      name,
      offset: recurrence.recurrenceTimeZone?.offset ?? offsetMinutesAt(firstDay, zone),
    },
  };
}

function customProperties(): Office.CustomProperties {
  const pending = { ...state.customProperties };
  return limitAll({
    get: (name: string) => pending[name],
    set: (name: string, value: unknown) => {
      pending[name] = String(value);
    },
    remove: (name: string) => {
      delete pending[name];
    },
    getAll: () => ({ ...pending }),
    saveAsync: (...args: unknown[]) => {
      // Some clients fail the first save of custom properties; some fail every one.
      if (
        failures.everyCustomPropertySave ||
        (failures.firstCustomPropertySave && state.customPropertySaves.failed === 0)
      ) {
        state.customPropertySaves.failed += 1;
        return fail(
          'customProperties.saveAsync',
          args,
          'GenericResponseError',
          'The custom properties could not be saved.',
        );
      }
      state.customProperties = { ...pending };
      state.customPropertySaves.succeeded += 1;
      succeed('customProperties.saveAsync', undefined, args);
    },
  }) as unknown as Office.CustomProperties;
}

// Requirement set versions compare by their minor number: 1.14 is newer than 1.8.
const isSetSupported = (name: string, version?: string) =>
  name === 'Mailbox' && Number((version ?? '1.0').split('.')[1] ?? 0) <= MAILBOX_MINOR[flavour];

const locationType = { Custom: 'custom', Room: 'room' } as const;

const item = {
  itemType: 'appointment' as Office.MailboxEnums.ItemType,
  seriesId: meeting.seriesId ?? null,
  subject: {
    getAsync: (...args: unknown[]) => succeed('subject.getAsync', state.subject, args),
    setAsync: (value: string, ...args: unknown[]) => {
      state.subject = value;
      succeed('subject.setAsync', undefined, args);
    },
  },
  start: timeProperty('start'),
  end: timeProperty('end'),
  location: {
    getAsync: (...args: unknown[]) => succeed('location.getAsync', state.location, args),
    setAsync: (value: string, ...args: unknown[]) => {
      state.location = value;
      succeed('location.setAsync', undefined, args);
    },
  },
  enhancedLocation: {
    getAsync: (...args: unknown[]) =>
      succeed(
        'enhancedLocation.getAsync',
        state.locations.map((location): Office.LocationDetails => ({
          displayName: location.name,
          emailAddress: location.email ?? '',
          locationIdentifier: {
            id: location.email ?? location.name,
            type: (location.email
              ? locationType.Room
              : locationType.Custom) as Office.MailboxEnums.LocationType,
          },
        })),
        args,
      ),
    addAsync: (identifiers: Office.LocationIdentifier[], ...args: unknown[]) => {
      if (failures.addAsyncFails)
        return fail(
          'enhancedLocation.addAsync',
          args,
          'GenericResponseError',
          'The location could not be changed.',
        );
      // A client that reports success and adds nothing.
      if (!failures.addAsyncAddsNothing)
        for (const identifier of identifiers) {
          const isRoom = identifier.type === (locationType.Room as Office.MailboxEnums.LocationType);
          const name = isRoom ? (setup.roomNames?.[identifier.id] ?? identifier.id) : identifier.id;
          state.locations.push({ name, email: isRoom ? identifier.id : null });
        }
      state.location = state.locations.map((location) => location.name).join('; ');
      succeed('enhancedLocation.addAsync', undefined, args);
      fire('enhancedLocationsChanged');
    },
    removeAsync: (identifiers: Office.LocationIdentifier[], ...args: unknown[]) => {
      if (failures.removeAsyncFails)
        return fail(
          'enhancedLocation.removeAsync',
          args,
          'GenericResponseError',
          'The location could not be changed.',
        );
      state.locations = state.locations.filter(
        (location) => !identifiers.some((identifier) => identifier.id === (location.email ?? location.name)),
      );
      state.location = state.locations.map((location) => location.name).join('; ');
      succeed('enhancedLocation.removeAsync', undefined, args);
      fire('enhancedLocationsChanged');
    },
  },
  recurrence: {
    getAsync: (...args: unknown[]) =>
      succeed('recurrence.getAsync', state.recurrence ? recurrenceOf(state.recurrence) : null, args),
  },
  requiredAttendees: recipients('requiredAttendees', () => state.requiredAttendees),
  optionalAttendees: recipients('optionalAttendees', () => state.optionalAttendees),
  loadCustomPropertiesAsync: (...args: unknown[]) =>
    succeed('loadCustomPropertiesAsync', customProperties(), args),
  getItemIdAsync: (...args: unknown[]) =>
    state.itemId === null || failures.itemNotSaved
      ? fail('getItemIdAsync', args, 'ItemNotSaved', 'The item has not been saved yet.')
      : succeed('getItemIdAsync', state.itemId, args),
  saveAsync: (...args: unknown[]) => {
    if (failures.itemSaveFails)
      return fail('saveAsync', args, 'GenericResponseError', 'The item could not be saved.');
    state.itemId ??= `AAMkAD-fake-${Math.random().toString(36).slice(2, 10)}`;
    succeed('saveAsync', state.itemId, args);
  },
  addHandlerAsync: (type: string, handler: (event: unknown) => void, ...args: unknown[]) => {
    handlers.set(type, handler);
    succeed(`addHandlerAsync:${type}`, undefined, args);
  },
  removeHandlerAsync: (type: string, ...args: unknown[]) => {
    handlers.delete(type);
    succeed(`removeHandlerAsync:${type}`, undefined, args);
  },
  notificationMessages: {
    replaceAsync: (key: string, details: Office.NotificationMessageDetails, ...args: unknown[]) => {
      state.notifications[key] = { type: String(details.type), message: details.message };
      succeed('notificationMessages.replaceAsync', undefined, args);
    },
    removeAsync: (key: string, ...args: unknown[]) => {
      if (!(key in state.notifications))
        return fail(
          'notificationMessages.removeAsync',
          args,
          'KeyNotFound',
          'No notification with this key.',
        );
      delete state.notifications[key];
      succeed('notificationMessages.removeAsync', undefined, args);
    },
  },
} satisfies Partial<Record<keyof Office.AppointmentCompose, unknown>>;
limitAll(item);

// The members a client's Mailbox version lacks are absent from its item, as in Office.js (the
// pane must detect them): recurrence and item events came with 1.7, enhancedLocation with 1.8.
const MEMBER_SINCE: Partial<Record<keyof typeof item, number>> = {
  recurrence: 7,
  addHandlerAsync: 7,
  removeHandlerAsync: 7,
  enhancedLocation: 8,
  getItemIdAsync: 8,
};
const itemOfClient = Object.fromEntries(
  Object.entries(item).filter(
    ([member]) => (MEMBER_SINCE[member as keyof typeof item] ?? 1) <= MAILBOX_MINOR[flavour],
  ),
);

const readyInfo = {
  host: 'Outlook' as unknown as Office.HostType,
  platform: (flavour === 'web'
    ? 'OfficeOnline'
    : flavour === 'old-mac'
      ? 'Mac'
      : 'PC') as unknown as Office.PlatformType,
};

const fakeOffice = {
  AsyncResultStatus: { Succeeded, Failed },
  HostType: { Outlook: 'Outlook' },
  EventType: {
    AppointmentTimeChanged: 'appointmentTimeChanged',
    RecurrenceChanged: 'recurrenceChanged',
    EnhancedLocationsChanged: 'enhancedLocationsChanged',
  },
  MailboxEnums: {
    LocationType: locationType,
    ItemNotificationMessageType: {
      ErrorMessage: 'errorMessage',
      InformationalMessage: 'informationalMessage',
      ProgressIndicator: 'progressIndicator',
    },
  },
  context: {
    mailbox: {
      item: itemOfClient,
      // userProfile.timeZone is "the user's time zone in Windows format" (@types/office-js)
      userProfile: { displayName: '', emailAddress: '', timeZone: mailboxZone, accountType: 'enterprise' },
    },
    requirements: { isSetSupported },
  },
  actions: {
    associate(name: string, handler: (event: unknown) => void) {
      actions.set(name, handler);
    },
  },
  onReady(callback?: (info: typeof readyInfo) => void): Promise<typeof readyInfo> {
    state.calls.push('onReady');
    return new Promise((resolve) =>
      setTimeout(() => {
        callback?.(readyInfo);
        resolve(readyInfo);
      }, 20),
    );
  },
} satisfies Partial<Record<keyof typeof Office, unknown>>;

installSignIn(
  fakeOffice.context as unknown as Parameters<typeof installSignIn>[0],
  setup,
  state,
  answer,
  limited,
);
// OpenBrowserWindowApi 1.1: the page opens in the user's browser, outside Outlook (recorded here).
{
  const context = fakeOffice.context as unknown as {
    requirements: { isSetSupported: (name: string, version?: string) => boolean };
    ui: { openBrowserWindow?: (url: string) => void };
  };
  const sets = context.requirements.isSetSupported;
  context.requirements.isSetSupported = (name, version) =>
    name === 'OpenBrowserWindowApi'
      ? Number((version ?? '1.0').split('.')[1] ?? 0) <= 1
      : sets(name, version);
  context.ui.openBrowserWindow = (url) => {
    state.calls.push('ui.openBrowserWindow');
    state.browserWindows.push(url);
  };
}
(fakeOffice.EventType as Record<string, string>).DialogMessageReceived = 'dialogMessageReceived';
(fakeOffice.EventType as Record<string, string>).DialogEventReceived = 'dialogEventReceived';

/** What a test does in "Outlook" besides the pane, and how it reads back what the pane wrote. */
export interface FakeOfficeControl {
  state(): FakeOfficeState;
  /** the user moves the meeting (the pane hears AppointmentTimeChanged) */
  moveMeeting(start: string, end: string): void;
  /** the user changes the series (the pane hears RecurrenceChanged) */
  changeRecurrence(recurrence: FakeRecurrence | null): void;
  /** the user deletes a location from the meeting (the pane hears EnhancedLocationsChanged) */
  removeLocation(emailOrName: string): void;
  /**
   * The user sends the meeting: OnAppointmentSend reaches the function the runtime associated
   * (`times` deliveries, as Outlook repeats it after a blocked send); resolves with what it told Outlook.
   */
  send(functionName: string, times?: number): Promise<FakeOfficeState['sendVerdicts']>;
  /** the user closes the meeting and discards the draft: nothing is sent */
  discard(): void;
}

window.__fakeOffice = {
  state: () => JSON.parse(JSON.stringify(state)) as FakeOfficeState,
  moveMeeting(start, end) {
    state.start = start;
    state.end = end;
    fire('appointmentTimeChanged', { start: new Date(start), end: new Date(end) });
  },
  changeRecurrence(recurrence) {
    state.recurrence = recurrence;
    fire('recurrenceChanged', { recurrence });
  },
  removeLocation(emailOrName) {
    state.locations = state.locations.filter((location) => (location.email ?? location.name) !== emailOrName);
    state.location = state.locations.map((location) => location.name).join('; ');
    fire('enhancedLocationsChanged');
  },
  async send(functionName, times = 1) {
    // the runtime's script associates its function once it has loaded
    for (let waited = 0; !actions.has(functionName); waited += 20) {
      if (waited > 15_000) throw new Error(`no function ${functionName} associated`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const handler = actions.get(functionName)!;
    const verdicts: FakeOfficeState['sendVerdicts'] = [];
    for (let time = 0; time < times; time += 1)
      verdicts.push(
        await new Promise<FakeOfficeState['sendVerdicts'][number]>((resolve) =>
          handler({
            type: 'appointmentSend',
            completed: (options: { allowEvent: boolean }) => resolve(options),
          }),
        ),
      );
    state.sendVerdicts.push(...verdicts);
    return verdicts;
  },
  discard() {
    state.discarded = true;
  },
};

// Like office.js, take history.pushState/replaceState away: the pane must not rely on them.
(window.history as { pushState: unknown }).pushState = null;
(window.history as { replaceState: unknown }).replaceState = null;
(window as unknown as { Office: typeof fakeOffice }).Office = fakeOffice;
