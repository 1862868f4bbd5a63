/**
 * A reception desk's own e-mails (spec §2 /reception-desks edit-email/:typeId, docs/visitors.md
 * "E-mail templates"): per type a subject and a text with {placeholders}, filled when the mail is
 * sent and, with example values, in the editor's preview. A type without a template of the desk
 * sends the built-in text below; departure has none and is sent only when the desk writes one.
 */
export const VISITOR_MAIL_TYPES = ['invitation', 'arrival', 'departure', 'cancellation'] as const;
export type VisitorMailType = (typeof VISITOR_MAIL_TYPES)[number];

/** The typeId of the address edit-email/:typeId: 1 invitation … 4 cancellation. */
export const mailTypeOf = (typeId: number): VisitorMailType | undefined => VISITOR_MAIL_TYPES[typeId - 1];
export const mailTypeId = (type: VisitorMailType): number => VISITOR_MAIL_TYPES.indexOf(type) + 1;

export const MAIL_PLACEHOLDERS = [
  'visitor_first_name',
  'visitor_name',
  'visitor_company',
  /** the name, with the company in parentheses when known */
  'visitor',
  /** the host's name, else the company's */
  'host_name',
  'desk_name',
  'company_name',
  'visit_time',
  'visit_code',
] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];
export type MailValues = Record<MailPlaceholder, string>;

export const MAIL_SUBJECT_MAX = 255;
export const MAIL_BODY_MAX = 5000;

export interface MailTemplate {
  subject: string;
  body: string;
}

/** The built-in mails (English), the texts a desk starts from. */
export const DEFAULT_MAIL_TEMPLATES: Record<VisitorMailType, MailTemplate | null> = {
  invitation: {
    subject: 'Your visit to {company_name} on {visit_time}',
    body:
      'Hello {visitor_first_name},\n\n{host_name} expects you at {desk_name} ({company_name}) on {visit_time}.\n\n' +
      "When you arrive, show the attached QR code to the reception desk's tablet, or type your name there.\n" +
      'Your visit code: {visit_code}\n\nThe attached calendar entry adds the visit to your calendar.\n',
  },
  arrival: {
    subject: '{visitor_name} has arrived',
    body: '{visitor} has checked in at {desk_name} and is waiting for you.\n',
  },
  departure: null,
  cancellation: {
    subject: 'Your visit to {company_name} on {visit_time} is cancelled',
    body: 'Hello {visitor_first_name},\n\nYour visit to {company_name} at {desk_name} on {visit_time} is cancelled.\n',
  },
};

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The {names} of a text that are not placeholders, each once. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(MAIL_PLACEHOLDERS);
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].filter(
    (name) => !known.has(name),
  );
}

/** The text with each placeholder replaced by its value (unknown ones are left as written). */
export function fillTemplate(text: string, values: MailValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as MailPlaceholder] : whole,
  );
}

/** What the editor's preview fills in. */
export const EXAMPLE_MAIL_VALUES: MailValues = {
  visitor_first_name: 'Ada',
  visitor_name: 'Ada Lovelace',
  visitor_company: 'Analytical Engines',
  visitor: 'Ada Lovelace (Analytical Engines)',
  host_name: 'Grace Hopper',
  desk_name: 'Main lobby',
  company_name: 'Acme Corporation',
  visit_time: '24 November 2026, 09:00',
  visit_code: 'Xy3-example-code',
};
