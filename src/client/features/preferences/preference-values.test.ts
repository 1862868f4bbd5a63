import { describe, expect, it } from 'vitest';
import type { Preference, UserPreference } from '../../../shared/contract/preferences';
import { appliedValue, categoryOf, definitionOf, shownValue } from './preference-values';
import { effectiveValues, toBookingPreferences } from './use-booking-preferences';

const english = (_code: string, fallback?: string, params?: Record<string, unknown>) =>
  (fallback ?? '').replace(/\{(\w+)\}/g, (_whole, name: string) => String(params?.[name] ?? ''));

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
