import type { RouteEntry } from '../../routing/types';

const screen = () => import(/* webpackChunkName: "company-profile" */ './screens/company-profile-screen');
const picker = () => import(/* webpackChunkName: "company-profile" */ './screens/profile-picker-screen');

/** spec §2 /company-profile (COMPANY_PROFILE read): pickers for country, language, currency, timezone. */
export const companyProfileRoutes: readonly RouteEntry[] = [
  {
    name: 'r_company-profile',
    path: '/company-profile',
    title: { code: 'company-profile.title', english: 'Company profile' },
    permission: ['COMPANY_PROFILE', 'read'],
    menu: true,
    surface: 'browser',
    screen,
    children: (['country', 'language', 'currency', 'timezone'] as const).map((field) => ({
      name: `r_company-profile-${field}` as const,
      path: field,
      title: { code: `company-profile.${field}`, english: field.charAt(0).toUpperCase() + field.slice(1) },
      permission: ['COMPANY_PROFILE', 'update'] as const,
      screen: picker,
    })),
  },
];
