import { SLOT_TYPES, type SlotType } from '../time/slots';

/**
 * spec §3 preference keys the booking engine and the plan read, with the values a company starts
 * with (spec §9 where it gives them; ours where it is silent). Every value is stored as text, as the
 * preferences tables keep it; `readBookingPreferences` turns the text into typed values.
 */
export const BOOKING_PREFERENCE_DEFAULTS = {
  DefaultSlot: 'hours',
  AvailableSlots: SLOT_TYPES.join(','),
  MorningFrom: '06:00',
  AfternoonFrom: '12:00',
  EveningFrom: '18:00',
  NightFrom: '22:00',
  /** spec §9: monday to sunday indexed 0 to 6 */
  FirstDayOfWeek: '0',
  WeekendDays: '5,6',
  DisplayWeekend: '1',
  DateFormat: 'd.M.yyyy',
  TimeFormat: 'HH:mm',
  DateTimeMode: 'h24',
  HighOccupancyPercentage: '80',
  AverageOccupancyPercentage: '50',
  HighOccupancyColor: '#d13438',
  AverageOccupancyColor: '#ffaa44',
  LowOccupancyColor: '#107c10',
  DefaultLocation: '',
  DefaultMeetingTitle: 'Meeting',
  BookingFirstSortField: 'start_time',
  BookingSecondSortField: 'resource',
  /** ours (docs/real-time-and-cleaning.md): read with the others so a booking knows it at no cost */
  CleanBeforeBooking: '0',
} as const;
export type BookingPreferenceKey = keyof typeof BOOKING_PREFERENCE_DEFAULTS;

export interface BookingPreferences {
  defaultSlot: SlotType;
  availableSlots: SlotType[];
  morningFrom: string;
  afternoonFrom: string;
  eveningFrom: string;
  nightFrom: string;
  /** 0 Monday … 6 Sunday */
  firstDayOfWeek: number;
  weekendDays: number[];
  displayWeekend: boolean;
  dateFormat: string;
  timeFormat: string;
  dateTimeMode: 'h24' | 'am-pm';
  highOccupancyPercentage: number;
  averageOccupancyPercentage: number;
  colors: { high: string; average: string; low: string };
  defaultLocation: number | null;
  defaultMeetingTitle: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isSlotType = (value: string): value is SlotType => (SLOT_TYPES as readonly string[]).includes(value);

function dayIndexes(text: string): number[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((part) => Number(part.trim()))
        .filter((day) => Number.isInteger(day) && day >= 0 && day <= 6),
    ),
  ].sort();
}

function percentage(text: string, fallback: number): number {
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value : fallback;
}

/**
 * The typed preferences from the stored texts (the user's value where set, else the company's).
 * A value that does not parse falls back to the default, so a bad row never breaks the plan.
 */
export function readBookingPreferences(stored: Partial<Record<string, string | null>>): BookingPreferences {
  const text = (key: BookingPreferenceKey): string => stored[key] ?? BOOKING_PREFERENCE_DEFAULTS[key];
  const time = (key: BookingPreferenceKey) =>
    TIME.test(text(key)) ? text(key) : BOOKING_PREFERENCE_DEFAULTS[key];
  const available = text('AvailableSlots')
    .split(',')
    .map((part) => part.trim())
    .filter(isSlotType);
  const availableSlots = available.length > 0 ? available : [...SLOT_TYPES];
  const wantedDefault = text('DefaultSlot');
  const high = percentage(text('HighOccupancyPercentage'), 80);
  const average = Math.min(percentage(text('AverageOccupancyPercentage'), 50), high);
  const location = Number(text('DefaultLocation'));
  const mode = text('DateTimeMode');
  return {
    defaultSlot:
      isSlotType(wantedDefault) && availableSlots.includes(wantedDefault)
        ? wantedDefault
        : availableSlots[0]!,
    availableSlots,
    morningFrom: time('MorningFrom'),
    afternoonFrom: time('AfternoonFrom'),
    eveningFrom: time('EveningFrom'),
    nightFrom: time('NightFrom'),
    firstDayOfWeek: dayIndexes(text('FirstDayOfWeek'))[0] ?? 0,
    weekendDays: dayIndexes(text('WeekendDays')),
    displayWeekend: text('DisplayWeekend') !== '0',
    dateFormat: text('DateFormat') || BOOKING_PREFERENCE_DEFAULTS.DateFormat,
    timeFormat: text('TimeFormat') || BOOKING_PREFERENCE_DEFAULTS.TimeFormat,
    dateTimeMode: mode === 'am-pm' ? 'am-pm' : 'h24',
    highOccupancyPercentage: high,
    averageOccupancyPercentage: average,
    colors: {
      high: text('HighOccupancyColor'),
      average: text('AverageOccupancyColor'),
      low: text('LowOccupancyColor'),
    },
    defaultLocation: Number.isInteger(location) && location > 0 ? location : null,
    defaultMeetingTitle: text('DefaultMeetingTitle'),
  };
}

export type OccupancyBand = 'high' | 'average' | 'low';

/** Which colour an occupancy percentage gets: at or above the high mark, the average mark, else low. */
export function occupancyBand(percent: number, preferences: BookingPreferences): OccupancyBand {
  if (percent >= preferences.highOccupancyPercentage) return 'high';
  if (percent >= preferences.averageOccupancyPercentage) return 'average';
  return 'low';
}

export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

/**
 * Which part of the day a wall-clock time 'HH:MM' falls in, by MorningFrom, AfternoonFrom,
 * EveningFrom and NightFrom: night runs from NightFrom over midnight until MorningFrom. The plan
 * groups a day's hour and minute slots by it.
 */
export function partOfDay(
  time: string,
  preferences: Pick<BookingPreferences, 'morningFrom' | 'afternoonFrom' | 'eveningFrom' | 'nightFrom'>,
): PartOfDay {
  if (time >= preferences.nightFrom || time < preferences.morningFrom) return 'night';
  if (time >= preferences.eveningFrom) return 'evening';
  if (time >= preferences.afternoonFrom) return 'afternoon';
  return 'morning';
}
