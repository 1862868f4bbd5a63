import { describe, expect, it } from 'vitest';
import { label } from '../../i18n/i18n';
import type { Preference, UserPreference } from '../../../shared/contract/preferences';
import { PREFERENCE_DEFINITIONS } from '../../../shared/validation/preferences';
import type { ResolvedRoute } from '../../routing/types';
import {
  appliedValue,
  categoryOf,
  definitionOf,
  existingMenuModules,
  offeredPreferences,
  shownValue,
} from './preference-values';
import { effectiveValues, toBookingPreferences } from './use-booking-preferences';

// No labels loaded: every text is its English default.
const english = label;

const base: Preference = {
  key: 'WeekendDays',
  name: 'Weekend days',
  kind: 'multi-select',
  preference_category: { id: 3, key: 'TIME', name: 'Date and time' },
  preference_values: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
    (label, index) => ({ value: String(index), label }),
  ),
  min: null,
  max: null,
  value: '5,6',
  is_automatic: false,
  company_only: false,
};

const mine = (preference: Preference, own: string | null): UserPreference => ({
  ...preference,
  preference_user_values: own === null ? [] : [{ value: own, is_automatic: null }],
  effective_value: own ?? preference.value,
  effective_is_automatic: preference.is_automatic,
  source: own === null ? 'company' : 'user',
});

describe('preference values on screen', () => {
  it('reads listed values by their labels, the user’s own value where they set one', () => {
    expect(shownValue(english, base)).toBe('Saturday, Sunday');
    expect(shownValue(english, mine(base, '4'))).toBe('Friday');
    expect(appliedValue(mine(base, null))).toBe('5,6');
  });

  it('reads an empty default location as none, a menu key by its state', () => {
    const location: Preference = {
      ...base,
      key: 'DefaultLocation',
      kind: 'level',
      value: '',
      preference_values: [],
    };
    expect(shownValue(english, location)).toBe('No default location');
    const menu: Preference = { ...base, key: 'CLEAN', kind: 'menu', value: null, is_automatic: true };
    expect(shownValue(english, menu)).toBe('Automatic (hidden from the menu)');
    expect(definitionOf(menu)).toBeNull();
  });

  it('finds a category by its address segment (/preferences/reports)', () => {
    const categories = [{ id: 5, key: 'REPORTS', name: 'Reports' }];
    expect(categoryOf(categories, 'reports')?.id).toBe(5);
    expect(categoryOf(categories, 'nothing')).toBeUndefined();
  });
});

describe('useBookingPreferences values', () => {
  it('types the effective values and shows the camera button unless the company turned it off (spec §2 Plan)', () => {
    const slot: Preference = {
      ...base,
      key: 'DefaultSlot',
      kind: 'select',
      value: 'hours',
      preference_values: [],
    };
    const camera: Preference = {
      ...base,
      key: 'SHOW_CAMERA_BUTTON',
      kind: 'select',
      value: '0',
      company_only: true,
    };
    const answer = { data: [mine(slot, 'all-day'), mine(camera, null)] };
    const preferences = toBookingPreferences(effectiveValues(answer));
    expect(preferences.defaultSlot).toBe('all-day');
    expect(preferences.showCameraButton).toBe(false);
    expect(toBookingPreferences({}).showCameraButton).toBe(true);
  });
});

// A route table with the modules of today's product: the plan (and its calendar), the bookings, the scheduler.
const TABLE = [
  { name: 'r_home' },
  { name: 'r_plan', menuPreference: 'PLAN' },
  { name: 'r_calendar', menuPreference: 'PLAN' },
  { name: 'r_bookings', menuPreference: 'BOOKINGS' },
  { name: 'r_scheduler' },
].map((entry) => ({ entry })) as unknown as ResolvedRoute[];

describe('the company’s menu preferences', () => {
  it('offers only the modules the product has (plan, bookings, scheduler), not every module of the catalogue', () => {
    const modules = existingMenuModules(TABLE);
    expect([...modules]).toEqual(expect.arrayContaining(['PLAN', 'BOOKINGS', 'SCHEDULER', 'MAIN_MENU']));
    const menu = (key: string) => ({ ...base, key, kind: 'menu' as const });
    const offered = offeredPreferences([menu('PLAN'), menu('SURVEY'), menu('DISTANCE'), base], modules);
    expect(offered.map((preference) => preference.key)).toEqual(['PLAN', 'WeekendDays']);
  });

  it('offers as start-up pages only screens that exist: "Bookings and grid" opens the bookings', () => {
    const modules = existingMenuModules(TABLE);
    const startup = PREFERENCE_DEFINITIONS.find((definition) => definition.key === 'StartUpPage')!;
    const offered = offeredPreferences(
      [{ ...base, key: 'StartUpPage', kind: 'select' as const, preference_values: [...startup.values!] }],
      modules,
    )[0]!;
    const values = offered.preference_values.map((option) => option.value);
    expect(values).toEqual(expect.arrayContaining(['MAIN_MENU', 'PLAN', 'BOOKINGS_AND_GRID', 'SCHEDULER']));
    expect(values).not.toContain('COCKPIT');
  });
});
