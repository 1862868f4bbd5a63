import type { AccessType } from '../../../shared/permissions';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Serial } from './column-types';

/** A file a mail carries (0090_visitors), its bytes in base64. */
export interface MailAttachment {
  filename: string;
  content_type: string;
  base64: string;
}

/** Tables of the platform rather than of one company: reference lists, labels, help pages, the outgoing mail queue, and the bookkeeping of migrations and seeding. */
export interface PlatformTables {
  countries: { id: Serial; code: string; name: string };
  currencies: { id: Serial; code: string; name: string; symbol: string };
  languages: { id: Serial; code: string; locale: string; name: string };
  timezones: { id: Serial; name: string; utc_offset: string };
  data_regions: { id: Serial; code: string; name: string };
  company_types: { id: Serial; code: string; name: string };
  applications: { id: number; key: string; name: string };
  application_versions: {
    id: Serial;
    application_id: number;
    version: string;
    notes: Generated<string>;
    released_at: Timestamp;
  };
  preference_categories: { id: Serial; key: string; name: string };
  device_templates: { id: Serial; name: string; device_type: string };
  permissions: { id: Serial; name: string; type: 'CRUD' | 'LOGICAL' | 'NUMERICAL'; category: Generated<AccessType> };
  labels: { id: Serial; code: string };
  label_translations: { label_id: number; language_code: string; content: string };
  help_pages: { id: Serial; path: string };
  help_page_translations: { help_page_id: number; language_code: string; title: string; html: string };
  // 0081_help_stylesheet
  help_stylesheets: { id: number; css: string; updated_at: Timestamp };
  outbox: {
    id: Generated<string>;
    company_id: number | null;
    to_address: string;
    subject: string;
    text_body: string;
    created_at: Timestamp;
    sent_at: Date | null;
    error: string | null;
    // 0090_visitors
    attachments: ColumnType<MailAttachment[], string | undefined, string>;
  };
  seed_state: { key: string; fingerprint: string; updated_at: Timestamp };
  schema_migrations: { version: string; name: string; applied_at: Timestamp };
}
