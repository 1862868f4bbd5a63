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

/** An Outlook series as recurrence.getAsync describes it (SeriesTime's getters as plain fields). */
export interface FakeRecurrence {
  recurrenceType: 'daily' | 'weekday' | 'weekly' | 'monthly' | 'yearly';
  recurrenceProperties?: { interval?: number; days?: string[]; dayOfMonth?: number } | null;
  seriesTime: {
    startDate: string;
    endDate: string | null;
    startTime: string;
    endTime: string;
    durationMinutes?: number;
  };
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
  /** one occurrence of a series opened on its own: the series' id (recurrence.getAsync still answers the series) */
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
    /** enhancedLocation.removeAsync fails (the room stays in the location) */
    removeAsyncFails?: boolean;
  };
  /** the display name Outlook shows for a room mailbox (as Exchange would resolve it) */
  roomNames?: Record<string, string>;
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
}
