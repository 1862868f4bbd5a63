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
    void Office.onReady((info) => resolve({ host: info.host ? String(info.host) : null, platform: info.platform ? String(info.platform) : null }));
  });
  return ready;
}

function appointment(): Office.AppointmentCompose {
  const item = Office.context?.mailbox?.item as Office.AppointmentCompose | null | undefined;
  if (!item) throw new Error('No Outlook item is open.');
  return item;
}

/** Wraps an Office async call; a failed AsyncResult rejects with Office's own message. */
function call<T>(start: (callback: (result: Office.AsyncResult<T>) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    start((result) => {
      if (result.status === Office.AsyncResultStatus.Succeeded) resolve(result.value);
      else reject(new Error(result.error?.message ?? 'The Outlook call failed.'));
    });
  });
}

function attendees(list: Office.Recipients): Promise<MeetingAttendee[]> {
  return call<Office.EmailAddressDetails[]>((done) => list.getAsync(done)).then((details) =>
    details.map((detail) => ({ name: detail.displayName, email: detail.emailAddress })),
  );
}

/** Reads the meeting being organised: subject, start, end, location and attendees. */
export async function readMeeting(): Promise<Meeting> {
  const item = appointment();
  const [subject, start, end, location, requiredAttendees, optionalAttendees] = await Promise.all([
    call<string>((done) => item.subject.getAsync(done)),
    call<Date>((done) => item.start.getAsync(done)),
    call<Date>((done) => item.end.getAsync(done)),
    call<string>((done) => item.location.getAsync(done)),
    attendees(item.requiredAttendees),
    attendees(item.optionalAttendees),
  ]);
  return { subject, start, end, location, requiredAttendees, optionalAttendees };
}
