/**
 * The labels of every screen, in English, French, German and Italian: [code, en, fr, de, it].
 * The client reads its strings by these codes (GET auth/login/labels/{locale} and the initial
 * response); a code added here appears in every database at its next start.
 */
import { AR_ACCESS } from './labels/ar/access';
import { AR_ADDIN_SIGN_IN } from './labels/ar/addin-sign-in';
import { AR_BOOKINGS } from './labels/ar/bookings';
import { AR_CALENDAR } from './labels/ar/calendar';
import { AR_COMPANY_PROFILE } from './labels/ar/company-profile';
import { AR_CONNECTOR_FIELDS } from './labels/ar/connector-fields';
import { AR_CONNECTORS } from './labels/ar/connectors';
import { AR_DEVICES } from './labels/ar/devices';
import { AR_DOCUMENTS } from './labels/ar/documents';
import { AR_EVERYDAY } from './labels/ar/everyday';
import { AR_FLOOR_PLANS } from './labels/ar/floor-plans';
import { AR_GENERAL } from './labels/ar/general';
import { AR_IMPERSONATIONS } from './labels/ar/impersonations';
import { AR_LEVELS } from './labels/ar/levels';
import { AR_LOGS } from './labels/ar/logs';
import { AR_MASTER } from './labels/ar/master';
import { AR_MESSAGES } from './labels/ar/messages';
import { AR_ONE_CLICK } from './labels/ar/one-click';
import { AR_OUTLOOK } from './labels/ar/outlook';
import { AR_PASSES } from './labels/ar/passes';
import { AR_PLAN } from './labels/ar/plan';
import { AR_PREFERENCES } from './labels/ar/preferences';
import { AR_PROFILE } from './labels/ar/profile';
import { AR_QR_CODES } from './labels/ar/qr-codes';
import { AR_REAL_TIME_AND_CLEANING } from './labels/ar/real-time-and-cleaning';
import { AR_REMINDERS } from './labels/ar/reminders';
import { AR_REPORTS } from './labels/ar/reports';
import { AR_COCKPIT } from './labels/ar/cockpit';
import { AR_RESOURCE_CATALOGUE } from './labels/ar/resource-catalogue';
import { AR_RESOURCE_SETTINGS } from './labels/ar/resource-settings';
import { AR_RESOURCES } from './labels/ar/resources';
import { AR_SCHEDULER } from './labels/ar/scheduler';
import { AR_SCHEDULER_MESSAGES } from './labels/ar/scheduler-messages';
import { AR_SERVER_MESSAGES } from './labels/ar/server-messages';
import { AR_SERVICES } from './labels/ar/services';
import { AR_TWO_FACTOR } from './labels/ar/two-factor';
import { AR_USERS } from './labels/ar/users';
import { AR_VISITORS } from './labels/ar/visitors';
import { ACCESS_LABELS } from './labels/access';
import { ADDIN_SIGN_IN_LABELS } from './labels/addin-sign-in';
import { REAL_TIME_AND_CLEANING_LABELS } from './labels/real-time-and-cleaning';
import { BOOKING_LABELS } from './labels/bookings';
import { CALENDAR_LABELS } from './labels/calendar';
import { COMPANY_PROFILE_LABELS } from './labels/company-profile';
import { CONNECTOR_LABELS } from './labels/connectors';
import { DEVICE_LABELS } from './labels/devices';
import { DOCUMENT_LABELS } from './labels/documents';
import { EVERYDAY_LABELS } from './labels/everyday';
import { FLOOR_PLAN_LABELS } from './labels/floor-plans';
import { GENERAL_LABELS } from './labels/general';
import { IMPERSONATION_LABELS } from './labels/impersonations';
import { LEVEL_LABELS } from './labels/levels';
import { MASTER_LABELS } from './labels/master';
import { MESSAGE_LABELS } from './labels/messages';
import { ONE_CLICK_LABELS } from './labels/one-click';
import { OUTLOOK_LABELS } from './labels/outlook';
import { PASS_LABELS } from './labels/passes';
import { PLAN_LABELS } from './labels/plan';
import { PREFERENCE_LABELS } from './labels/preferences';
import { PROFILE_LABELS } from './labels/profile';
import { QR_CODE_LABELS } from './labels/qr-codes';
import { LOG_LABELS } from './labels/logs';
import { REPORT_LABELS } from './labels/reports';
import { COCKPIT_LABELS } from './labels/cockpit';
import { RESOURCE_CATALOGUE_LABELS } from './labels/resource-catalogue';
import { RESOURCE_SETTINGS_LABELS } from './labels/resource-settings';
import { RESOURCE_LABELS } from './labels/resources';
import { SCHEDULER_LABELS } from './labels/scheduler';
import { SERVICE_LABELS } from './labels/services';
import { TWO_FACTOR_LABELS } from './labels/two-factor';
import { CONNECTOR_FIELD_LABELS } from './labels/connector-fields';
import { REMINDER_LABELS } from './labels/reminders';
import { SCHEDULER_MESSAGE_LABELS } from './labels/scheduler-messages';
import { SERVER_MESSAGE_LABELS } from './labels/server-messages';
import { USER_LABELS } from './labels/users';
import { VISITOR_LABELS } from './labels/visitors';

// The order of a row's texts (Arabic, drafted, is kept apart: ARABIC_LABELS).
export const LABEL_LOCALES = ['en', 'fr', 'de', 'it'] as const;

export type LabelRow = readonly [code: string, en: string, fr: string, de: string, it: string];

/**
 * Arabic texts by label code (./labels/ar, one file per area file): machine-drafted, marked so in
 * each file, to be reviewed by a native speaker. A plural label (code_one, code_other) has Arabic's
 * six forms: code_zero, code_one, code_two, code_few, code_many, code_other.
 */
export type ArabicLabels = Readonly<Record<string, string>>;

/** Every label, one file per area in ./labels; in this order, which the catalogue's fingerprint follows. */
export const LABELS: readonly LabelRow[] = [
  ...GENERAL_LABELS,
  ...IMPERSONATION_LABELS,
  ...COMPANY_PROFILE_LABELS,
  ...RESOURCE_CATALOGUE_LABELS,
  ...QR_CODE_LABELS,
  ...LOG_LABELS,
  ...LEVEL_LABELS,
  ...RESOURCE_LABELS,
  ...RESOURCE_SETTINGS_LABELS,
  ...FLOOR_PLAN_LABELS,
  ...PREFERENCE_LABELS,
  ...CALENDAR_LABELS,
  ...PASS_LABELS,
  ...PLAN_LABELS,
  ...PROFILE_LABELS,
  ...TWO_FACTOR_LABELS,
  ...USER_LABELS,
  ...MASTER_LABELS,
  ...ACCESS_LABELS,
  ...REPORT_LABELS,
  ...COCKPIT_LABELS,
  ...ADDIN_SIGN_IN_LABELS,
  ...SERVICE_LABELS,
  ...MESSAGE_LABELS,
  ...BOOKING_LABELS,
  ...SCHEDULER_LABELS,
  ...OUTLOOK_LABELS,
  ...VISITOR_LABELS,
  ...CONNECTOR_LABELS,
  ...EVERYDAY_LABELS,
  ...REMINDER_LABELS,
  ...CONNECTOR_FIELD_LABELS,
  ...SCHEDULER_MESSAGE_LABELS,
  ...SERVER_MESSAGE_LABELS,
  ...REAL_TIME_AND_CLEANING_LABELS,
  ...DEVICE_LABELS,
  ...ONE_CLICK_LABELS,
  ...DOCUMENT_LABELS,
];

/** Arabic, machine-drafted (./labels/ar): every label, plural labels in Arabic's six forms. */
export const ARABIC_LABELS: ArabicLabels = {
  ...AR_ACCESS,
  ...AR_ADDIN_SIGN_IN,
  ...AR_BOOKINGS,
  ...AR_CALENDAR,
  ...AR_COMPANY_PROFILE,
  ...AR_CONNECTOR_FIELDS,
  ...AR_CONNECTORS,
  ...AR_DEVICES,
  ...AR_EVERYDAY,
  ...AR_FLOOR_PLANS,
  ...AR_GENERAL,
  ...AR_IMPERSONATIONS,
  ...AR_LEVELS,
  ...AR_LOGS,
  ...AR_MASTER,
  ...AR_MESSAGES,
  ...AR_ONE_CLICK,
  ...AR_OUTLOOK,
  ...AR_PASSES,
  ...AR_PLAN,
  ...AR_PREFERENCES,
  ...AR_PROFILE,
  ...AR_QR_CODES,
  ...AR_REAL_TIME_AND_CLEANING,
  ...AR_REMINDERS,
  ...AR_REPORTS,
  ...AR_COCKPIT,
  ...AR_RESOURCE_CATALOGUE,
  ...AR_RESOURCE_SETTINGS,
  ...AR_RESOURCES,
  ...AR_SCHEDULER,
  ...AR_SCHEDULER_MESSAGES,
  ...AR_SERVER_MESSAGES,
  ...AR_SERVICES,
  ...AR_TWO_FACTOR,
  ...AR_USERS,
  ...AR_VISITORS,
  ...AR_DOCUMENTS,
};

/** Every label code the catalogue holds: the rows' and Arabic's extra plural forms. */
export const LABEL_CODES: readonly string[] = [
  ...new Set([...LABELS.map(([code]) => code), ...Object.keys(ARABIC_LABELS)]),
];
