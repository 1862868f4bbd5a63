import { useMemo } from 'react';
import { readBookingPreferences, type BookingPreferences } from '../../../shared/booking/preferences';
import { preferencePaths, type UserPreferencesResponse } from '../../../shared/contract/preferences';
import { SHOW_CAMERA_BUTTON_KEY } from '../../../shared/validation/preferences';
import { isCompanyContext } from '../../api/environment';
import { useApi } from '../../api/swr';

export interface EffectiveBookingPreferences extends BookingPreferences {
  /** spec §2 Plan: the camera/QR button shows only when the company preference is non-zero */
  showCameraButton: boolean;
}

/** The values that apply to one user, by key, from the user-preferences answer. */
export function effectiveValues(answer: UserPreferencesResponse | undefined): Record<string, string | null> {
  return Object.fromEntries(
    (answer?.data ?? []).map((preference) => [preference.key, preference.effective_value]),
  );
}

export function toBookingPreferences(values: Record<string, string | null>): EffectiveBookingPreferences {
  const camera = values[SHOW_CAMERA_BUTTON_KEY];
  return {
    ...readBookingPreferences(values),
    showCameraButton: camera === undefined || camera === null ? true : Number(camera) !== 0,
  };
}

/**
 * The signed-in user's booking preferences (their override, else the company's, else the default),
 * typed. `preferences` is undefined until the first answer arrives, and in the master area (no
 * company, no preferences: screens shared with it, such as the home page, keep the defaults).
 */
export function useBookingPreferences(): {
  preferences: EffectiveBookingPreferences | undefined;
  error: unknown;
  isLoading: boolean;
} {
  const { data, error, isLoading } = useApi<UserPreferencesResponse>(
    isCompanyContext() ? preferencePaths.userAll : null,
  );
  const preferences = useMemo(() => (data ? toBookingPreferences(effectiveValues(data)) : undefined), [data]);
  return { preferences, error, isLoading };
}
