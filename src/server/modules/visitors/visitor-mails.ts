import type { Kysely } from 'kysely';
import qrcode from 'qrcode-generator';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { serializeEvent } from '../../integrations/icalendar';
import type { MailAttachment } from '../../integrations/mailer';
import {
  DEFAULT_MAIL_TEMPLATES,
  fillTemplate,
  type MailTemplate,
  type MailValues,
  type VisitorMailType,
} from '../../../shared/visitors/mail-templates';
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

/** The desk's own template of the type, else the built-in one (null: no mail of the type). */
async function templateOf(
  db: Kysely<Database>,
  companyId: number,
  deskId: number,
  type: VisitorMailType,
): Promise<MailTemplate | null> {
  const own = await db
    .selectFrom('reception_desk_email_templates')
    .select(['subject', 'body'])
    .where('company_id', '=', companyId)
    .where('reception_desk_id', '=', deskId)
    .where('type', '=', type)
    .executeTakeFirst();
  return own ?? DEFAULT_MAIL_TEMPLATES[type];
}

/** The placeholders' values of a visit (mail-templates.ts). */
export function mailValues(row: VisitRow): MailValues {
  return {
    visitor_first_name: row.visitor_first_name,
    visitor_name: row.visitor_name,
    visitor_company: row.visitor_company,
    visitor: row.visitor_company ? `${row.visitor_name} (${row.visitor_company})` : row.visitor_name,
    host_name: row.host_name ?? row.company_name,
    desk_name: row.reception_desk_name,
    company_name: row.company_name,
    visit_time: visitTime(row),
    visit_code: row.code,
  };
}

/** One mail of a type about a visit, from the desk's template, with its files. */
async function mailOf(
  db: Kysely<Database>,
  deps: Deps,
  companyId: number,
  row: VisitRow,
  type: VisitorMailType,
  to: string | null,
  attachments: MailAttachment[] = [],
) {
  if (!to) return;
  const template = await templateOf(db, companyId, row.reception_desk_id, type);
  if (!template) return;
  const values = mailValues(row);
  await deps.mailer.queue(
    {
      companyId,
      to,
      subject: fillTemplate(template.subject, values).replace(/[\r\n]+/g, ' '),
      text: fillTemplate(template.body, values),
      attachments,
    },
    db,
  );
}

/** To the visitor: when and where, the code for the kiosk (as a QR code) and a calendar entry. */
export function mailInvitation(db: Kysely<Database>, deps: Deps, companyId: number, row: VisitRow) {
  return mailOf(db, deps, companyId, row, 'invitation', row.visitor_email, [
    qrGif(row.code),
    calendarEntry(row, 'CONFIRMED'),
  ]);
}

/** To the visitor: the visit is cancelled, with the calendar entry that removes it. */
export function mailCancellation(db: Kysely<Database>, deps: Deps, companyId: number, row: VisitRow) {
  return mailOf(db, deps, companyId, row, 'cancellation', row.visitor_email, [
    calendarEntry(row, 'CANCELLED'),
  ]);
}

/** To the host: their visitor has arrived, or (when the desk writes that mail) has left. */
export function mailHost(
  db: Kysely<Database>,
  deps: Deps,
  companyId: number,
  row: VisitRow,
  what: 'arrived' | 'left',
) {
  return mailOf(db, deps, companyId, row, what === 'arrived' ? 'arrival' : 'departure', row.host_email);
}
