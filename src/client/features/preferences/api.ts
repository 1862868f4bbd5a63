import {
  companyPreferencePath,
  preferencePaths,
  userPreferencePath,
  type CompanyPreferencesResponse,
  type Preference,
  type PreferenceBody,
  type UserPreference,
  type UserPreferencesResponse,
} from '../../../shared/contract/preferences';
import type { PreferenceCategory } from '../../../shared/contract/reference';
import { api } from '../../api/client';
import { useApi } from '../../api/swr';

export type PreferenceScope = 'company' | 'user';

export const usePreferenceCategories = () =>
  useApi<{ data: PreferenceCategory[] }>(preferencePaths.categories);

/**
 * Every preference of the scope in one cache entry (the screens filter by category): the user's answer
 * is also what useBookingPreferences reads, so a saved value reaches the plan at once.
 */
export function usePreferences(scope: PreferenceScope) {
  return useApi<CompanyPreferencesResponse | UserPreferencesResponse>(
    scope === 'company' ? preferencePaths.companyAll : preferencePaths.userAll,
  );
}

// silent: a refused value is shown beside its field, not in the warning modal.
export const saveCompanyPreference = (key: string, body: PreferenceBody) =>
  api.put<Preference>(companyPreferencePath(key), body, { silent: true });

export const saveUserPreference = (key: string, body: PreferenceBody) =>
  api.put<UserPreference>(userPreferencePath(key), body, { silent: true });

export const returnToCompanyValue = (key: string) => api.delete<UserPreference>(userPreferencePath(key));

/** The user's answer rows carry their override and what applies; the company's only the company value. */
export function isUserPreference(preference: Preference | UserPreference): preference is UserPreference {
  return 'effective_value' in preference;
}
