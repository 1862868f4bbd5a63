/**
 * A fake Office host for browser tests, served in place of Microsoft's office.js CDN script.
 * It is typed against @types/office-js and behaves like the real host where the pane can tell:
 * callbacks arrive asynchronously with AsyncResult objects, Office.onReady resolves once, and
 * history.pushState/replaceState are nulled (the real office.js does this too).
 * The meeting comes from window.__FAKE_OFFICE_MEETING__, set by the line the test prepends.
 */
interface FakeMeeting {
  subject: string;
  start: string; // ISO, UTC
  end: string;
  location: string;
  requiredAttendees: { name: string; email: string }[];
  optionalAttendees: { name: string; email: string }[];
}

type Callback<T> = (result: Office.AsyncResult<T>) => void;

declare global {
  interface Window {
    __FAKE_OFFICE_MEETING__?: FakeMeeting;
    __FAKE_OFFICE_CALLS__?: string[];
  }
}

const meeting: FakeMeeting = window.__FAKE_OFFICE_MEETING__ ?? {
  subject: '',
  start: new Date().toISOString(),
  end: new Date().toISOString(),
  location: '',
  requiredAttendees: [],
  optionalAttendees: [],
};
const calls: string[] = (window.__FAKE_OFFICE_CALLS__ = []);

const Succeeded = 0 as Office.AsyncResultStatus.Succeeded; // the real enum's values
const Failed = 1 as Office.AsyncResultStatus.Failed;

function succeed<T>(name: string, value: T, args: unknown[]): void {
  calls.push(name);
  const callback = args.find((arg): arg is Callback<T> => typeof arg === 'function');
  const options = args.find(
    (arg): arg is Office.AsyncContextOptions => typeof arg === 'object' && arg !== null,
  );
  const result: Office.AsyncResult<T> = {
    status: Succeeded,
    value,
    error: undefined as unknown as Office.Error,
    asyncContext: options?.asyncContext,
    diagnostics: undefined,
  };
  // Office answers on a later task, never synchronously.
  setTimeout(() => callback?.(result), 5);
}

function property<T>(name: string, read: () => T, write: (value: T) => void) {
  return {
    getAsync: (...args: unknown[]) => succeed(`${name}.getAsync`, read(), args),
    setAsync: (value: T, ...args: unknown[]) => {
      write(value);
      succeed(`${name}.setAsync`, undefined, args);
    },
  };
}

function recipients(name: string, list: { name: string; email: string }[]) {
  const details = (): Office.EmailAddressDetails[] =>
    list.map((entry) => ({
      displayName: entry.name,
      emailAddress: entry.email,
      appointmentResponse: 'none' as Office.MailboxEnums.ResponseType,
      recipientType: 'user' as Office.MailboxEnums.RecipientType,
    }));
  return { getAsync: (...args: unknown[]) => succeed(`${name}.getAsync`, details(), args) };
}

const item = {
  itemType: 'appointment' as Office.MailboxEnums.ItemType,
  subject: property<string>(
    'subject',
    () => meeting.subject,
    (value) => (meeting.subject = value),
  ),
  start: property<Date>(
    'start',
    () => new Date(meeting.start),
    (value) => (meeting.start = value.toISOString()),
  ),
  end: property<Date>(
    'end',
    () => new Date(meeting.end),
    (value) => (meeting.end = value.toISOString()),
  ),
  location: property<string>(
    'location',
    () => meeting.location,
    (value) => (meeting.location = value),
  ),
  requiredAttendees: recipients('requiredAttendees', meeting.requiredAttendees),
  optionalAttendees: recipients('optionalAttendees', meeting.optionalAttendees),
} satisfies Partial<Record<keyof Office.AppointmentCompose, unknown>>;

const readyInfo = {
  host: 'Outlook' as unknown as Office.HostType,
  platform: 'OfficeOnline' as unknown as Office.PlatformType,
};

const fakeOffice = {
  AsyncResultStatus: { Succeeded, Failed },
  HostType: { Outlook: 'Outlook' },
  context: {
    mailbox: { item },
    requirements: { isSetSupported: (_name: string, version?: string) => Number(version ?? '1') <= 1.8 },
  },
  onReady(callback?: (info: typeof readyInfo) => void): Promise<typeof readyInfo> {
    calls.push('onReady');
    return new Promise((resolve) =>
      setTimeout(() => {
        callback?.(readyInfo);
        resolve(readyInfo);
      }, 20),
    );
  },
} satisfies Partial<Record<keyof typeof Office, unknown>>;

// Like office.js, take history.pushState/replaceState away: the pane must not rely on them.
(window.history as { pushState: unknown }).pushState = null;
(window.history as { replaceState: unknown }).replaceState = null;
(window as unknown as { Office: typeof fakeOffice }).Office = fakeOffice;

export {};
