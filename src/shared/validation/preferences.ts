import { BOOKING_PREFERENCE_DEFAULTS } from '../booking/preferences';
import {
  CHECK_IN_GRACE_DEFAULT,
  CHECK_IN_GRACE_KEY,
  CHECK_IN_REMINDER_DEFAULT,
  CHECK_IN_REMINDER_KEY,
} from '../booking/declaration-rules';
import {
  BOOKING_HORIZON_DEFAULT,
  BOOKING_HORIZON_KEY,
  BOOKING_HORIZON_MAX,
  BOOKING_HORIZON_MIN,
} from '../booking/booking-horizon';
import {
  OUTLOOK_PENDING_DEFAULT,
  OUTLOOK_PENDING_KEY,
  OUTLOOK_PENDING_MAX,
  OUTLOOK_PENDING_MIN,
} from '../booking/outlook-pending';
import { CLEAN_BEFORE_BOOKING_DEFAULT, CLEAN_BEFORE_BOOKING_KEY } from '../booking/cleaning';
import { STARTUP_ROUTES } from '../contract/startup';
import { FIND_PERSON_VISIBLE_DEFAULT, FIND_PERSON_VISIBLE_KEY } from '../one-click/rules';
import {
  VISITOR_RETENTION_DEFAULT,
  VISITOR_RETENTION_KEY,
  VISITOR_RETENTION_MAX,
  VISITOR_RETENTION_MIN,
} from './visitors';
import { SLOT_TYPES } from '../time/slots';
import type { FieldErrors } from './field-errors';
import { MESSAGES, format, notValid } from './messages';

/**
 * spec §3 Preference: every key a company holds, the category it is shown in, what kind of value it
 * takes and, for listed values, which (preference_values). Menu keys (category MENU) are not listed
 * here: they carry only is_automatic and the seed writes them per module.
 */
export type PreferenceKind = 'select' | 'multi-select' | 'time' | 'number' | 'color' | 'text' | 'level';
export type PreferenceCategoryKey = 'GENERAL' | 'TIME' | 'BOOKINGS' | 'REPORTS';

export interface PreferenceOption {
  value: string;
  label: string;
}

export interface PreferenceDefinition {
  key: string;
  category: PreferenceCategoryKey;
  name: string;
  kind: PreferenceKind;
  /** the value every new company starts with */
  initial: string;
  /** listed values (select, multi-select); 'level' values are the company's declarable levels */
  values?: readonly PreferenceOption[];
  /** number bounds, inclusive */
  min?: number;
  max?: number;
  /** a company rule a user cannot change for themselves */
  companyOnly?: boolean;
}

/** Ours: the camera/QR button of the location picker (spec §2 Plan) shows unless a company turns it off. */
export const SHOW_CAMERA_BUTTON_KEY = 'SHOW_CAMERA_BUTTON';

/** Ours: administrators must sign in with a second factor (docs/profile-and-two-factor.md). */
export const REQUIRE_TWO_FACTOR_KEY = 'REQUIRE_2FA_FOR_ADMINISTRATORS';

const YES_NO: readonly PreferenceOption[] = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
const WEEKDAYS: readonly PreferenceOption[] = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
].map((label, index) => ({ value: String(index), label }));
const SLOTS: readonly PreferenceOption[] = SLOT_TYPES.map((value) => ({
  value,
  label: {
    'all-day': 'All day',
    'half-day': 'Half day',
    hours: 'Hours',
    '30-minutes': '30 minutes',
    '15-minutes': '15 minutes',
  }[value],
}));
const SORT_FIELDS: readonly PreferenceOption[] = [
  { value: 'start_time', label: 'Start time' },
  { value: 'resource', label: 'Resource' },
  { value: 'level', label: 'Location' },
  { value: 'status', label: 'Status' },
  // the other booking columns of spec §3 (BOOKING_SORT_FIELDS in contract/bookings.ts)
  { value: 'booking_id', label: 'Booking' },
  { value: 'subject', label: 'Subject' },
  { value: 'host', label: 'Host' },
  { value: 'cost', label: 'Cost' },
  { value: 'approval_status', label: 'Approval status' },
];
/** spec §9 start-up options, as the startup keys the sign-in answer understands. */
const STARTUP_OPTIONS: readonly PreferenceOption[] = [
  { value: 'MAIN_MENU', label: 'Main menu' },
  { value: 'PLAN', label: 'Plan' },
  // spec §2: BOOKINGS_AND_GRID opens r_bookings (BOOKING names r_booking, a screen of another product).
  { value: 'BOOKINGS_AND_GRID', label: 'Bookings and grid' },
  { value: 'COCKPIT', label: 'Cockpit' },
  { value: 'ONE_CLICK', label: 'One-Click' },
  { value: 'REAL_TIME', label: 'Real time' },
  { value: '5D_MAPS', label: '5D maps' },
  { value: 'SCHEDULER', label: 'Scheduler' },
].filter((option) => option.value in STARTUP_ROUTES);

const D = BOOKING_PREFERENCE_DEFAULTS;

export const PREFERENCE_DEFINITIONS: readonly PreferenceDefinition[] = [
  {
    key: 'StartUpPage',
    category: 'GENERAL',
    name: 'Start-up page',
    kind: 'select',
    initial: 'MAIN_MENU',
    values: STARTUP_OPTIONS,
  },
  {
    key: 'DefaultLocation',
    category: 'GENERAL',
    name: 'Default location',
    kind: 'level',
    initial: D.DefaultLocation,
  },
  {
    key: SHOW_CAMERA_BUTTON_KEY,
    category: 'GENERAL',
    name: 'Show the camera button',
    kind: 'select',
    initial: '1',
    values: YES_NO,
    companyOnly: true,
  },
  {
    key: REQUIRE_TWO_FACTOR_KEY,
    category: 'GENERAL',
    name: 'Require two-factor sign-in for administrators',
    kind: 'select',
    initial: '0',
    values: YES_NO,
    companyOnly: true,
  },
  {
    key: FIND_PERSON_VISIBLE_KEY,
    category: 'GENERAL',
    name: 'People can be found with find-person unless they hide themselves',
    kind: 'select',
    initial: FIND_PERSON_VISIBLE_DEFAULT,
    values: YES_NO,
    companyOnly: true,
  },
  {
    key: 'FirstDayOfWeek',
    category: 'TIME',
    name: 'First day of the week',
    kind: 'select',
    initial: D.FirstDayOfWeek,
    values: WEEKDAYS,
  },
  {
    key: 'WeekendDays',
    category: 'TIME',
    name: 'Weekend days',
    kind: 'multi-select',
    initial: D.WeekendDays,
    values: WEEKDAYS,
  },
  {
    key: 'DisplayWeekend',
    category: 'TIME',
    name: 'Display the weekend',
    kind: 'select',
    initial: D.DisplayWeekend,
    values: YES_NO,
  },
  { key: 'MorningFrom', category: 'TIME', name: 'Morning from', kind: 'time', initial: D.MorningFrom },
  { key: 'AfternoonFrom', category: 'TIME', name: 'Afternoon from', kind: 'time', initial: D.AfternoonFrom },
  { key: 'EveningFrom', category: 'TIME', name: 'Evening from', kind: 'time', initial: D.EveningFrom },
  { key: 'NightFrom', category: 'TIME', name: 'Night from', kind: 'time', initial: D.NightFrom },
  {
    key: 'DateFormat',
    category: 'TIME',
    name: 'Date format',
    kind: 'select',
    initial: D.DateFormat,
    values: ['d.M.yyyy', 'dd.MM.yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy', 'yyyy-MM-dd'].map((value) => ({
      value,
      label: value,
    })),
  },
  {
    key: 'TimeFormat',
    category: 'TIME',
    name: 'Time format',
    kind: 'select',
    initial: D.TimeFormat,
    values: ['HH:mm', 'H:mm', 'hh:mm', 'h:mm'].map((value) => ({ value, label: value })),
  },
  {
    key: 'DateTimeMode',
    category: 'TIME',
    name: 'Time mode',
    kind: 'select',
    initial: D.DateTimeMode,
    values: [
      { value: 'h24', label: '24 hours' },
      { value: 'am-pm', label: 'AM/PM' },
    ],
  },
  {
    key: 'DefaultSlot',
    category: 'BOOKINGS',
    name: 'Default slot',
    kind: 'select',
    initial: D.DefaultSlot,
    values: SLOTS,
  },
  {
    key: 'AvailableSlots',
    category: 'BOOKINGS',
    name: 'Available slots',
    kind: 'multi-select',
    initial: D.AvailableSlots,
    values: SLOTS,
    companyOnly: true,
  },
  {
    key: 'DefaultMeetingTitle',
    category: 'BOOKINGS',
    name: 'Default meeting title',
    kind: 'text',
    initial: D.DefaultMeetingTitle,
    max: 120,
  },
  {
    key: 'BookingFirstSortField',
    category: 'BOOKINGS',
    name: 'First sort field',
    kind: 'select',
    initial: D.BookingFirstSortField,
    values: SORT_FIELDS,
  },
  {
    key: 'BookingSecondSortField',
    category: 'BOOKINGS',
    name: 'Second sort field',
    kind: 'select',
    initial: D.BookingSecondSortField,
    values: SORT_FIELDS,
  },
  {
    key: CHECK_IN_GRACE_KEY,
    category: 'BOOKINGS',
    name: 'Check-in grace period (minutes, 0 turns auto-release off)',
    kind: 'number',
    initial: String(CHECK_IN_GRACE_DEFAULT),
    min: 0,
    max: 1440,
    companyOnly: true,
  },
  {
    key: CLEAN_BEFORE_BOOKING_KEY,
    category: 'BOOKINGS',
    name: 'A used resource can be booked again only once cleaned',
    kind: 'select',
    initial: CLEAN_BEFORE_BOOKING_DEFAULT,
    values: YES_NO,
    companyOnly: true,
  },
  {
    key: CHECK_IN_REMINDER_KEY,
    category: 'BOOKINGS',
    name: 'Check-in reminder',
    kind: 'select',
    initial: CHECK_IN_REMINDER_DEFAULT,
    values: [
      { value: 'push-and-mail', label: 'Push notification and e-mail' },
      { value: 'push', label: 'Push notification' },
      { value: 'mail', label: 'E-mail' },
      { value: 'off', label: 'No reminder' },
    ],
  },
  {
    key: OUTLOOK_PENDING_KEY,
    category: 'BOOKINGS',
    name: 'Outlook rooms held for an unsent meeting (minutes)',
    kind: 'number',
    initial: String(OUTLOOK_PENDING_DEFAULT),
    min: OUTLOOK_PENDING_MIN,
    max: OUTLOOK_PENDING_MAX,
    companyOnly: true,
  },
  {
    key: BOOKING_HORIZON_KEY,
    category: 'BOOKINGS',
    name: 'Outlook series booked up to (days ahead)',
    kind: 'number',
    initial: String(BOOKING_HORIZON_DEFAULT),
    min: BOOKING_HORIZON_MIN,
    max: BOOKING_HORIZON_MAX,
    companyOnly: true,
  },
  {
    key: VISITOR_RETENTION_KEY,
    category: 'GENERAL',
    name: 'Days visitor data is kept after the last visit',
    kind: 'number',
    initial: String(VISITOR_RETENTION_DEFAULT),
    min: VISITOR_RETENTION_MIN,
    max: VISITOR_RETENTION_MAX,
    companyOnly: true,
  },
  {
    key: 'HighOccupancyPercentage',
    category: 'REPORTS',
    name: 'High occupancy from (%)',
    kind: 'number',
    initial: D.HighOccupancyPercentage,
    min: 0,
    max: 100,
  },
  {
    key: 'AverageOccupancyPercentage',
    category: 'REPORTS',
    name: 'Average occupancy from (%)',
    kind: 'number',
    initial: D.AverageOccupancyPercentage,
    min: 0,
    max: 100,
  },
  {
    key: 'HighOccupancyColor',
    category: 'REPORTS',
    name: 'High occupancy colour',
    kind: 'color',
    initial: D.HighOccupancyColor,
  },
  {
    key: 'AverageOccupancyColor',
    category: 'REPORTS',
    name: 'Average occupancy colour',
    kind: 'color',
    initial: D.AverageOccupancyColor,
  },
  {
    key: 'LowOccupancyColor',
    category: 'REPORTS',
    name: 'Low occupancy colour',
    kind: 'color',
    initial: D.LowOccupancyColor,
  },
];

const BY_KEY = new Map(PREFERENCE_DEFINITIONS.map((definition) => [definition.key, definition]));

export function preferenceDefinition(key: string): PreferenceDefinition | undefined {
  return BY_KEY.get(key);
}

export const PREFERENCE_MESSAGES = {
  color: 'The colour must be written #rrggbb.',
  time: 'The time must be written HH:mm.',
  range: 'The value must be a whole number from {min} to {max}.',
  averageBelowHigh: 'The average occupancy must be below the high occupancy.',
  highAboveAverage: 'The high occupancy must be above the average occupancy.',
  timeOrder: 'The times must follow each other: morning, afternoon, evening, night.',
  slotsEmpty: 'Choose at least one slot.',
  slotsWithoutDefault: 'The available slots must include the default slot.',
  defaultNotAvailable: 'The default slot must be one of the available slots.',
  level: 'Choose a location that can be booked.',
  companyOnly: 'Only the company can set this preference.',
} as const;
const M = PREFERENCE_MESSAGES;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const DAY_ORDER = ['MorningFrom', 'AfternoonFrom', 'EveningFrom', 'NightFrom'] as const;

/** A list value ('5,6') as its parts, trimmed, empty parts dropped. */
export function listParts(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * The errors of setting `key` to `value` (under the field 'value'), given the other values that will
 * apply beside it (`others`: key → stored text). Rules between keys: average below high, the four
 * day-part times ascending, the available slots non-empty and holding the default slot.
 * `levelIds`: the declarable levels a DefaultLocation may name (the server passes the company's).
 */
export function preferenceValueErrors(
  definition: PreferenceDefinition,
  value: string,
  others: Readonly<Record<string, string | null | undefined>>,
  levelIds?: readonly number[],
): FieldErrors {
  const error = (message: string): FieldErrors => ({ value: [message] });
  const other = (key: string) => others[key] ?? preferenceDefinition(key)?.initial ?? '';
  const listed = (part: string) => definition.values?.some((option) => option.value === part) ?? false;
  const trimmed = value.trim();
  switch (definition.kind) {
    case 'select':
      if (trimmed === '') return error(MESSAGES.required);
      if (!listed(trimmed)) return error(notValid(definition.name));
      break;
    case 'multi-select': {
      const parts = listParts(trimmed);
      if (parts.length === 0)
        return error(definition.key === 'AvailableSlots' ? M.slotsEmpty : MESSAGES.required);
      if (!parts.every(listed) || new Set(parts).size !== parts.length)
        return error(notValid(definition.name));
      break;
    }
    case 'time':
      if (!TIME.test(trimmed)) return error(M.time);
      break;
    case 'color':
      if (!COLOR.test(trimmed)) return error(M.color);
      break;
    case 'number': {
      const number = Number(trimmed);
      const { min = 0, max = Number.MAX_SAFE_INTEGER } = definition;
      if (trimmed === '' || !/^\d+$/.test(trimmed) || number < min || number > max)
        return error(format(M.range, { min, max }));
      break;
    }
    case 'text':
      if (trimmed === '') return error(MESSAGES.required);
      if (definition.max && trimmed.length > definition.max)
        return error(format(MESSAGES.max, { max: definition.max }));
      break;
    case 'level':
      // '' is no default location
      if (trimmed !== '' && !(levelIds ?? []).includes(Number(trimmed))) return error(M.level);
      break;
  }
  return relationErrors(definition.key, trimmed, other);
}

function relationErrors(key: string, value: string, other: (key: string) => string): FieldErrors {
  const error = (message: string): FieldErrors => ({ value: [message] });
  if (key === 'AverageOccupancyPercentage' && Number(value) >= Number(other('HighOccupancyPercentage')))
    return error(M.averageBelowHigh);
  if (key === 'HighOccupancyPercentage' && Number(value) <= Number(other('AverageOccupancyPercentage')))
    return error(M.highAboveAverage);
  const dayPart = (DAY_ORDER as readonly string[]).indexOf(key);
  if (dayPart >= 0) {
    const times = DAY_ORDER.map((part) => (part === key ? value : other(part)));
    if (times.some((time, index) => index > 0 && time <= times[index - 1]!)) return error(M.timeOrder);
  }
  if (key === 'AvailableSlots' && !listParts(value).includes(other('DefaultSlot')))
    return error(M.slotsWithoutDefault);
  if (key === 'DefaultSlot' && !listParts(other('AvailableSlots')).includes(value))
    return error(M.defaultNotAvailable);
  return {};
}
