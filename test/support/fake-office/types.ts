/** The fake Office host's set-up and state: plain data shared by the test and the browser script. */
export interface FakeAttendee {
  name: string;
  email: string;
}

export interface FakeLocation {
  name: string;
  /** a room's mailbox; null for a location typed as text */
  email: string | null;
}

/**
 * An Outlook series as a test sets it up (SeriesTime's getters as plain fields: dates 'YYYY-MM-DD',
 * times 'HH:mm'); recurrence.getAsync hands it out in Outlook's own formats (fake-office-host.ts).
 */
export interface FakeRecurrence {
  recurrenceType: 'daily' | 'weekday' | 'weekly' | 'monthly' | 'yearly';
  /** as Office.RecurrenceProperties: days 'mon'…'sun', weekNumber 'first'…'last', month 'jan'…'dec' */
  recurrenceProperties?: {
    interval?: number;
    days?: string[];
    dayOfMonth?: number;
    dayOfWeek?: string;
    weekNumber?: 'first' | 'second' | 'third' | 'fourth' | 'last';
    month?: string;
    firstDayOfWeek?: string;
  } | null;
  seriesTime: {
    startDate: string;
    /** null: a series with "no end date" */
    endDate: string | null;
    startTime: string;
    endTime: string;
    durationMinutes?: number;
  };
  /** a Windows zone name; absent: Outlook answers the mailbox's zone */
  recurrenceTimeZone?: { name?: string | null; offset?: number } | null;
}

export interface FakeMeeting {
  subject: string;
  /** ISO instants, UTC */
  start: string;
  end: string;
  location?: string;
  locations?: FakeLocation[];
  requiredAttendees?: FakeAttendee[];
  optionalAttendees?: FakeAttendee[];
  recurrence?: FakeRecurrence | null;
  /** what an earlier pane saved on the item */
  customProperties?: Record<string, string>;
  /** null or absent: a new meeting Outlook has not saved (getItemIdAsync answers ItemNotSaved) */
  itemId?: string | null;
  /**
   * One occurrence of a series opened on its own: the series' id (recurrence.getAsync still answers
   * the series). Its `customProperties` start as Outlook copies them from the series; what the pane
   * writes then is the occurrence's own, the series' stay as they were (state.seriesCustomProperties).
   */
  seriesId?: string | null;
}

export interface FakeOfficeSetup {
  meeting: FakeMeeting;
  /** the Outlook client: which Mailbox requirement sets it has and its quirks */
  flavour?: 'web' | 'new-windows' | 'classic-windows' | 'old-mac';
  failures?: {
    /** the first customProperties.saveAsync fails, as some clients' does */
    firstCustomPropertySave?: boolean;
    /** every customProperties.saveAsync fails (a client that never keeps them) */
    everyCustomPropertySave?: boolean;
    /** getItemIdAsync answers ItemNotSaved even for a saved item */
    itemNotSaved?: boolean;
    /** start/end setAsync refused for a series (classic Windows does this by itself) */
    seriesTimeRefused?: boolean;
    /** enhancedLocation.addAsync reports success and adds nothing */
    addAsyncAddsNothing?: boolean;
    /** enhancedLocation.addAsync fails (nothing added) */
    addAsyncFails?: boolean;
    /** enhancedLocation.removeAsync fails (the room stays in the location) */
    removeAsyncFails?: boolean;
    /** the host is busy: its first n async calls answer 5100 "Wait until the previous call completes." */
    busyCalls?: number;
    /** item.saveAsync fails (the draft cannot be saved, e.g. offline) */
    itemSaveFails?: boolean;
  };
  /** every item event reaches its handler twice, as Outlook on the web does for one change */
  eventsTwice?: boolean;
  /**
   * the mailbox's zone as Outlook names it (userProfile.timeZone, a Windows name); default
   * 'W. Europe Standard Time', the demo users' clock
   */
  mailboxZone?: string;
  /** the display name Outlook shows for a room mailbox (as Exchange would resolve it) */
  roomNames?: Record<string, string>;
  /** who is signed in to Outlook, and how the host helps add-ins sign in (fake-sign-in.ts) */
  signIn?: {
    /** Office.context.partitionKey; absent: a client that does not partition add-in storage */
    partitionKey?: string;
    /** Office.context.mailbox.userProfile */
    mailboxUser?: { displayName: string; emailAddress: string };
    /** nested app authentication (NestedAppAuth 1.1): the tokens the host's broker hands out */
    nestedAppAuth?: {
      accessToken: string;
      idToken: string;
      username: string;
      tenantId: string;
      objectId: string;
    };
  };
}

export interface FakeOfficeState {
  subject: string;
  start: string;
  end: string;
  location: string;
  locations: FakeLocation[];
  requiredAttendees: FakeAttendee[];
  optionalAttendees: FakeAttendee[];
  recurrence: FakeRecurrence | null;
  customProperties: Record<string, string>;
  itemId: string | null;
  notifications: Record<string, { type: string; message: string }>;
  calls: string[];
  customPropertySaves: { failed: number; succeeded: number };
  /** the most async calls the pane had in flight at once (Outlook allows 3) */
  maxInFlight: number;
  /** calls the host refused: over the limit of 3 in flight, or busy */
  refusedCalls: string[];
  /** an occurrence's series' custom properties, untouched by what the pane writes to the occurrence */
  seriesCustomProperties: Record<string, string> | null;
  /** the user closed the meeting without sending it (its draft discarded) */
  discarded: boolean;
  /** what the send handler told Outlook, once per OnAppointmentSend */
  sendVerdicts: Array<{ allowEvent: boolean; errorMessage?: string }>;
  /** the pages opened with displayDialogAsync */
  dialogs: string[];
  /** the pages opened in the user's browser with ui.openBrowserWindow (OpenBrowserWindowApi 1.1) */
  browserWindows: string[];
  /** what dialogs sent the pane with messageParent */
  dialogMessages: string[];
  /** what the pane asked the nested app authentication broker (method, scope) */
  naaRequests: Array<{ method: string; scope: string | null }>;
}
