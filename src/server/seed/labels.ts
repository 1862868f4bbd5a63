/**
 * The labels of every screen, in English, French, German and Italian: [code, en, fr, de, it].
 * The client reads its strings by these codes (GET auth/login/labels/{locale} and the initial
 * response); a code added here appears in every database at its next start.
 */
import { UI_LANGUAGES } from '../../shared/text/ui-languages';
import { ACCESS_LABELS } from './labels/access';
import { ADDIN_SIGN_IN_LABELS } from './labels/addin-sign-in';
import { BOOKING_LABELS } from './labels/bookings';
import { CALENDAR_LABELS } from './labels/calendar';
import { COMPANY_PROFILE_LABELS } from './labels/company-profile';
import { CONNECTOR_LABELS } from './labels/connectors';
import { EVERYDAY_LABELS } from './labels/everyday';
import { FLOOR_PLAN_LABELS } from './labels/floor-plans';
import { GENERAL_LABELS } from './labels/general';
import { IMPERSONATION_LABELS } from './labels/impersonations';
import { LEVEL_LABELS } from './labels/levels';
import { MASTER_LABELS } from './labels/master';
import { MESSAGE_LABELS } from './labels/messages';
import { OUTLOOK_LABELS } from './labels/outlook';
import { PASS_LABELS } from './labels/passes';
import { PLAN_LABELS } from './labels/plan';
import { PREFERENCE_LABELS } from './labels/preferences';
import { PROFILE_LABELS } from './labels/profile';
import { QR_CODE_LABELS } from './labels/qr-codes';
import { REPORT_LABELS } from './labels/reports';
import { RESOURCE_CATALOGUE_LABELS } from './labels/resource-catalogue';
import { RESOURCE_SETTINGS_LABELS } from './labels/resource-settings';
import { RESOURCE_LABELS } from './labels/resources';
import { SCHEDULER_LABELS } from './labels/scheduler';
import { SERVICE_LABELS } from './labels/services';
import { TWO_FACTOR_LABELS } from './labels/two-factor';
import { REMINDER_LABELS } from './labels/reminders';
import { USER_LABELS } from './labels/users';
import { VISITOR_LABELS } from './labels/visitors';

// The order of a row's texts.
export const LABEL_LOCALES = UI_LANGUAGES.map((language) => language.code);

export type LabelRow = readonly [code: string, en: string, fr: string, de: string, it: string];

/** Every label, one file per area in ./labels; in this order, which the catalogue's fingerprint follows. */
export const LABELS: readonly LabelRow[] = [
  ...GENERAL_LABELS,
  ...IMPERSONATION_LABELS,
  ...COMPANY_PROFILE_LABELS,
  ...RESOURCE_CATALOGUE_LABELS,
  ...QR_CODE_LABELS,
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
];
