import type { RouteEntry } from '../../routing/types';

const screens = () => import(/* webpackChunkName: "preferences" */ './screens/preference-screens');
const categories = (scope: 'company' | 'user') => async () => ({
  default: (await screens())[
    scope === 'company' ? 'CompanyPreferenceCategories' : 'UserPreferenceCategories'
  ],
});
const category = (scope: 'company' | 'user') => async () => ({
  default: (await screens())[scope === 'company' ? 'CompanyPreferenceCategory' : 'UserPreferenceCategory'],
});
const preference = (scope: 'company' | 'user') => async () => ({
  default: (await screens())[scope === 'company' ? 'CompanyPreferenceEdit' : 'UserPreferenceEdit'],
});

/** spec §2 /preferences (login): :category, :category/:preferenceId (reports is the REPORTS category). */
export const preferencesRoutes: readonly RouteEntry[] = [
  {
    name: 'r_preferences',
    path: '/preferences',
    title: { code: 'general.menu.preferences', english: 'Preferences' },
    access: 'login',
    menu: true,
    surface: 'browser',
    screen: categories('user'),
    children: [
      {
        name: 'r_preferences-category',
        path: ':category',
        title: { code: 'preferences.category', english: 'Preferences' },
        screen: category('user'),
        children: [
          {
            name: 'r_preferences-preference',
            path: ':preferenceId',
            title: { code: 'preferences.preference', english: 'Preference' },
            screen: preference('user'),
          },
        ],
      },
    ],
  },
];

/** spec §2 /company-preferences (COMPANY_PREFERENCES): {category}, {preferenceId}. */
export const companyPreferencesRoutes: readonly RouteEntry[] = [
  {
    name: 'r_company-preferences',
    path: '/company-preferences',
    title: { code: 'preferences.company-title', english: 'Company preferences' },
    permission: ['COMPANY_PREFERENCES', 'read'],
    menu: true,
    surface: 'browser',
    screen: categories('company'),
    children: [
      {
        name: 'r_company-preferences-category',
        path: ':category',
        title: { code: 'preferences.category', english: 'Preferences' },
        permission: ['COMPANY_PREFERENCES', 'read'],
        screen: category('company'),
        children: [
          {
            name: 'r_company-preferences-preference',
            path: ':preferenceId',
            title: { code: 'preferences.preference', english: 'Preference' },
            permission: ['COMPANY_PREFERENCES', 'read'],
            screen: preference('company'),
          },
        ],
      },
    ],
  },
];
