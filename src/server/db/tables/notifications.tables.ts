import type { Serial, Timestamp } from './column-types';

export type NotificationSendTo = 'all_users' | 'user_containers' | 'users';

/** 0240_company_notifications: company notifications and their deliveries to users. */
export interface NotificationTables {
  company_notifications: {
    id: Serial;
    company_id: number;
    send_to: NotificationSendTo;
    send_at: Timestamp;
    datetime_from: Date | null;
    datetime_to: Date | null;
    /** a calendar date, 'YYYY-MM-DD' */
    day: string | null;
    sent_at: Date | null;
    recipients: number | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  company_notification_translations: {
    company_id: number;
    notification_id: number;
    language_id: number;
    name: string;
    description: string;
  };
  company_notification_containers: { company_id: number; notification_id: number; container_id: number };
  company_notification_users: { company_id: number; notification_id: number; user_id: number };
  user_notifications: {
    id: Serial;
    company_id: number;
    notification_id: number;
    user_id: number;
    delivered_at: Timestamp;
    read_at: Date | null;
  };
}
