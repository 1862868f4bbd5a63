import type { Generated } from 'kysely';
import type { Serial, Timestamp } from './column-types';

export type VisitorMailType = 'invitation' | 'arrival' | 'departure' | 'cancellation';

export type VisitStatus = 'expected' | 'checked_in' | 'checked_out' | 'cancelled' | 'no_show';

/** 0090_visitors: reception desks, visitors, visits. */
export interface VisitorTables {
  reception_desks: {
    id: Serial;
    company_id: number;
    level_id: number | null;
    parent_id: number | null;
    user_container_id: number | null;
    language_id: number | null;
    working_hours_from: Generated<string>;
    working_hours_to: Generated<string>;
    kiosk_code: string;
    created_at: Timestamp;
    /** 0270_devices: the kiosk's template (RECEPTION_DESK); null: the company's default */
    device_template_id: Generated<number | null>;
  };
  reception_desk_translations: {
    company_id: number;
    reception_desk_id: number;
    language_id: number;
    name: string;
  };
  reception_desk_allowed_containers: { company_id: number; reception_desk_id: number; container_id: number };
  visitors: {
    id: Serial;
    company_id: number;
    reception_desk_id: number;
    host_id: number | null;
    first_name: Generated<string>;
    last_name: Generated<string>;
    email: Generated<string>;
    phone: Generated<string>;
    visitor_company: Generated<string>;
    disability: Generated<string>;
    language_id: number | null;
    created_by: number | null;
    created_at: Timestamp;
    anonymised_at: Date | null;
  };
  visitor_containers: { company_id: number; visitor_id: number; container_id: number };
  visits: {
    id: Serial;
    company_id: number;
    visitor_id: number;
    reception_desk_id: number;
    host_id: number | null;
    starts_at: Date;
    ends_at: Date;
    status: Generated<VisitStatus>;
    group_key: string | null;
    code: string;
    checked_in_at: Date | null;
    checked_out_at: Date | null;
    created_by: number | null;
    created_at: Timestamp;
    updated_at: Timestamp;
    /** 0200: the scheduler meeting the visit was registered with */
    scheduler_meeting_id: Generated<number | null>;
  };
  /** 0200: a desk's own e-mail of one type (docs/visitors.md "E-mail templates") */
  reception_desk_email_templates: {
    company_id: number;
    reception_desk_id: number;
    type: VisitorMailType;
    subject: string;
    body: string;
    updated_at: Timestamp;
  };
  /** 0200: addresses the company refuses as visitors */
  visitor_blocked_emails: {
    id: Serial;
    company_id: number;
    email: string;
    note: Generated<string>;
    created_by: number | null;
    created_at: Timestamp;
  };
}
