import type { Kysely } from 'kysely';
import qrcode from 'qrcode-generator';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { serializeEvent } from '../../integrations/icalendar';
import type { MailAttachment } from '../../integrations/mailer';
import type { VisitRow } from './visitors.queries';

type Deps = Pick<AppDeps, 'mailer'>;

/** '24 November 2026, 09:00' in the desk's zone and the visitor's (else the desk's) language. */
export function visitTime(row: Pick<VisitRow, 'starts_at' | 'timezone' | 'locale'>): string {
  const format = (locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: row.timezone }).format(
      new Date(row.starts_at),
    );
  try {
    return format(row.locale);
  } catch {
    return format('en');
  }
}

/** The invitation's QR code as a GIF: mail clients show GIF everywhere, SVG hardly anywhere. */
export function qrGif(text: string): MailAttachment {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const url = qr.createDataURL(6, 24);
  return {
    filename: 'visit-qr-code.gif',
    content_type: 'image/gif',
    base64: url.slice(url.indexOf(',') + 1),
  };
}

function calendarEntry(row: VisitRow, status: 'CONFIRMED' | 'CANCELLED'): MailAttachment {
  const ics = serializeEvent({
    uid: `visit-${row.id}-${row.code.slice(0, 8)}@workplace`,
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    summary: `Visit to ${row.company_name}`,
    location: row.reception_desk_name,
    description: row.host_name ? `Your host: ${row.host_name}` : undefined,
    organizer: row.host_email ?? undefined,
    status,
  });
  return {
    filename: 'visit.ics',
    content_type: `text/calendar; charset=utf-8; method=${status === 'CANCELLED' ? 'CANCEL' : 'REQUEST'}`,
    base64: Buffer.from(ics, 'utf8').toString('base64'),
  };
}

const hello = (row: VisitRow) => (row.visitor_first_name ? `Hello ${row.visitor_first_name},` : 'Hello,');

/** To the visitor: when and where, the code for the kiosk (as a QR code) and a calendar entry. */
export async function mailInvitation(db: Kysely<Database>, deps: Deps, companyId: number, row: VisitRow) {
  if (!row.visitor_email) return;
  const host = row.host_name ? `${row.host_name} expects you` : 'You are expected';
  await deps.mailer.queue(
    {
      companyId,
      to: row.visitor_email,
      subject: `Your visit to ${row.company_name} on ${visitTime(row)}`,
      text:
        `${hello(row)}\n\n${host} at ${row.reception_desk_name} (${row.company_name}) on ${visitTime(row)}.\n\n` +
        `When you arrive, show the attached QR code to the reception desk's tablet, or type your name there.\n` +
        `Your visit code: ${row.code}\n\nThe attached calendar entry adds the visit to your calendar.\n`,
      attachments: [qrGif(row.code), calendarEntry(row, 'CONFIRMED')],
    },
    db,
  );
}

/** To the visitor: the visit is cancelled, with the calendar entry that removes it. */
export async function mailCancellation(db: Kysely<Database>, deps: Deps, companyId: number, row: VisitRow) {
  if (!row.visitor_email) return;
  await deps.mailer.queue(
    {
      companyId,
      to: row.visitor_email,
      subject: `Your visit to ${row.company_name} on ${visitTime(row)} is cancelled`,
      text: `${hello(row)}\n\nYour visit to ${row.company_name} at ${row.reception_desk_name} on ${visitTime(row)} is cancelled.\n`,
      attachments: [calendarEntry(row, 'CANCELLED')],
    },
    db,
  );
}

/** To the host: their visitor has arrived (or left). */
export async function mailHost(
  db: Kysely<Database>,
  deps: Deps,
  companyId: number,
  row: VisitRow,
  what: 'arrived' | 'left',
) {
  if (!row.host_email) return;
  const who = row.visitor_company ? `${row.visitor_name} (${row.visitor_company})` : row.visitor_name;
  await deps.mailer.queue(
    {
      companyId,
      to: row.host_email,
      subject: what === 'arrived' ? `${row.visitor_name} has arrived` : `${row.visitor_name} has left`,
      text:
        what === 'arrived'
          ? `${who} has checked in at ${row.reception_desk_name} and is waiting for you.\n`
          : `${who} has checked out at ${row.reception_desk_name}.\n`,
    },
    db,
  );
}
