import { z } from 'zod';
import { COMPANY_PREFIX, paginated } from './common';
import { CalendarDate, Instant } from './calendar-date';
import { PositiveId } from './ids';

/**
 * spec §2 /company-notifications (MANAGE_NOTIFICATIONS), §3 "Company notification: translations,
 * datetime_from, datetime_to, day, all_users, user_containers, users, send_to, send_at", §7
 * "Notifications: paginated GET, CRUD by id; user notifications paginated, delete".
 */
export const notificationPaths = {
  list: `${COMPANY_PREFIX}/company-notifications`,
  one: `${COMPANY_PREFIX}/company-notifications/:id`,
  oneOf: (id: number) => `${COMPANY_PREFIX}/company-notifications/${id}`,
  /** the user containers a notification may be sent to */
  userContainers: `${COMPANY_PREFIX}/company-notifications/user-containers`,
  mine: `${COMPANY_PREFIX}/user-notifications`,
  unread: `${COMPANY_PREFIX}/user-notifications/unread-count`,
  mineOne: `${COMPANY_PREFIX}/user-notifications/:id`,
  mineOneOf: (id: number) => `${COMPANY_PREFIX}/user-notifications/${id}`,
  read: `${COMPANY_PREFIX}/user-notifications/:id/read`,
  readOf: (id: number) => `${COMPANY_PREFIX}/user-notifications/${id}/read`,
};

export const NOTIFICATION_NAME_MAX = 120;
export const NOTIFICATION_DESCRIPTION_MAX = 2000;

export const SEND_TO = ['all_users', 'user_containers', 'users'] as const;
export const SendTo = z.enum(SEND_TO, { message: 'Send to is not valid.' });
export type SendTo = z.infer<typeof SendTo>;

export const NotificationTranslation = z.object({
  language_id: z.number().int(),
  locale: z.string(),
  name: z.string(),
  description: z.string(),
});

export const NamedRef = z.object({ id: z.number().int(), name: z.string() });
export const UserRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type UserRef = z.infer<typeof UserRef>;

export const NOTIFICATION_STATUSES = ['scheduled', 'sent'] as const;

export const CompanyNotification = z.object({
  id: z.number().int(),
  /** in the reader's language, else the company's */
  name: z.string(),
  description: z.string(),
  translations: z.array(NotificationTranslation),
  send_to: SendTo,
  all_users: z.boolean(),
  user_containers: z.array(NamedRef),
  users: z.array(UserRef),
  /** ISO instant: when it is (or was) sent */
  send_at: z.string(),
  datetime_from: z.string().nullable(),
  datetime_to: z.string().nullable(),
  day: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  sent_at: z.string().nullable(),
  /** how many people it reached, once sent */
  recipients: z.number().int().nullable(),
});
export type CompanyNotification = z.infer<typeof CompanyNotification>;
export const CompanyNotificationPage = paginated(CompanyNotification);

export const NotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(200),
  lang: z.string().max(16).optional(),
});

const nullableInstant = Instant().nullable().default(null);

export const CompanyNotificationBody = z.strictObject({
  translations: z
    .array(
      z.strictObject({
        language_id: PositiveId,
        name: z
          .string()
          .max(NOTIFICATION_NAME_MAX, `The field must contain ${NOTIFICATION_NAME_MAX} or fewer characters.`),
        description: z
          .string()
          .max(
            NOTIFICATION_DESCRIPTION_MAX,
            `The field must contain ${NOTIFICATION_DESCRIPTION_MAX} or fewer characters.`,
          )
          .default(''),
      }),
    )
    .max(50),
  send_to: SendTo,
  user_container_ids: z.array(PositiveId).max(1000).default([]),
  user_ids: z.array(PositiveId).max(5000).default([]),
  /** null: now */
  send_at: nullableInstant,
  datetime_from: nullableInstant,
  datetime_to: nullableInstant,
  day: CalendarDate.nullable().default(null),
});
export type CompanyNotificationBody = z.infer<typeof CompanyNotificationBody>;
export type CompanyNotificationBodyInput = z.input<typeof CompanyNotificationBody>;

export const UserContainerOption = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.number().int(),
});
export const UserContainerOptionList = z.object({ data: z.array(UserContainerOption) });
export type UserContainerOptionList = z.infer<typeof UserContainerOptionList>;

// ---- the user's own notifications (the header's notification centre)

export const UserNotification = z.object({
  id: z.number().int(),
  notification_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  datetime_from: z.string().nullable(),
  datetime_to: z.string().nullable(),
  day: z.string().nullable(),
  delivered_at: z.string(),
  read_at: z.string().nullable(),
});
export type UserNotification = z.infer<typeof UserNotification>;
export const UserNotificationPage = paginated(UserNotification);
export type UserNotificationPage = z.infer<typeof UserNotificationPage>;

export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;
