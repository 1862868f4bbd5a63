import type { InitialResponse } from '../../src/shared/contract/auth';

/** An unsigned token whose claims the client reads (it never checks the signature). */
export const testJwt = (exp: number) =>
  `e30.${btoa(JSON.stringify({ sub: '1', exp })).replace(/=+$/, '')}.sig`;

/** A token valid for the next hour. */
export const validToken = () => testJwt(Math.floor(Date.now() / 1000) + 3600);

/** What a sign-in or GET initial-data answers for Emma Employee of Acme (client component tests). */
export const initialResponse = (overrides: Partial<InitialResponse> = {}): InitialResponse => ({
  user: {
    id: 1,
    email: 'employee@acme.test',
    first_name: 'Emma',
    last_name: 'Employee',
    name: 'Emma Employee',
    language_id: 1,
    language: { id: 1, code: 'en', locale: 'en-GB', name: 'English' },
    country_id: null,
    timezone: 'Europe/Zurich',
    is_visitor: false,
    sso: false,
    camera: false,
    is_platform_admin: false,
  },
  company: {
    id: 1,
    name: 'Acme',
    subdomain: 'acme',
    country_id: 1,
    language_id: 1,
    timezone: 'Europe/Zurich',
    currency_id: 1,
    data_region_id: 1,
    company_type_id: 1,
  },
  startup_page: null,
  general_permissions: [],
  labels: [],
  languages: [],
  countries: [],
  timezones: [],
  currencies: [],
  preferencecategories: [],
  usertimepreference: { date_format: 'd.M.yyyy', time_format: 'HH:mm', timezone: 'Europe/Zurich' },
  devicetemplates: [],
  device: null,
  access_token: validToken(),
  subdomain: 'acme',
  ...overrides,
});
