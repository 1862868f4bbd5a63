import { z } from 'zod';
import { COMPANY_PREFIX, MAX_ID } from './common';
import { PreferenceCategory } from './reference';

/**
 * spec §6 menu-preference guard: the side menu shows a module only when its preference is not
 * automatic. One entry per module key (PLAN, BOOKINGS, …), company value with the user's override.
 */
export const MenuPreference = z.object({ key: z.string(), is_automatic: z.boolean() });
export type MenuPreference = z.infer<typeof MenuPreference>;
export const MenuPreferencesResponse = z.object({ data: z.array(MenuPreference) });

export const menuPreferencesPath = `${COMPANY_PREFIX}/preferences/menu`;

/** spec §7 "GET categories/all": the groups preferences are shown in. */
export const PreferenceCategoriesResponse = z.object({ data: z.array(PreferenceCategory) });

export const PREFERENCE_KINDS = [
  'select',
  'multi-select',
  'time',
  'number',
  'color',
  'text',
  'level',
  'menu',
] as const;

/**
 * spec §3 Preference: name, key, preference_values (value, label), preference_user_values,
 * is_automatic, preference_category. `value` and `is_automatic` are the company's; the user answer
 * adds the user's override (preference_user_values, none or one) and what applies to them.
 * A 'menu' preference has no value: is_automatic alone hides its module from the side menu.
 */
export const Preference = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.enum(PREFERENCE_KINDS),
  preference_category: PreferenceCategory,
  preference_values: z.array(z.object({ value: z.string(), label: z.string() })),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  value: z.string().nullable(),
  is_automatic: z.boolean(),
  /** a company rule: users cannot override it */
  company_only: z.boolean(),
});
export type Preference = z.infer<typeof Preference>;

export const UserPreferenceValue = z.object({
  value: z.string().nullable(),
  is_automatic: z.boolean().nullable(),
});
export type UserPreferenceValue = z.infer<typeof UserPreferenceValue>;

export const UserPreference = Preference.extend({
  preference_user_values: z.array(UserPreferenceValue),
  /** what applies to the user: their override where they made one, else the company's */
  effective_value: z.string().nullable(),
  effective_is_automatic: z.boolean(),
  source: z.enum(['user', 'company']),
});
export type UserPreference = z.infer<typeof UserPreference>;

export const CompanyPreferencesResponse = z.object({ data: z.array(Preference) });
export type CompanyPreferencesResponse = z.infer<typeof CompanyPreferencesResponse>;
export const UserPreferencesResponse = z.object({ data: z.array(UserPreference) });
export type UserPreferencesResponse = z.infer<typeof UserPreferencesResponse>;

/** ?preference_category_ids=1,2 (none: every category) */
export const PreferencesQuery = z.object({
  preference_category_ids: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/)
    .refine((text) => text.split(',').every((id) => Number(id) <= MAX_ID))
    .transform((text) => text.split(',').map(Number))
    .optional(),
});

/** PUT one preference: its value (null for menu keys) and, for menu keys, whether it is automatic. */
export const PreferenceBody = z.strictObject({
  value: z.string().max(500).nullable().optional(),
  is_automatic: z.boolean().optional(),
});
export type PreferenceBody = z.infer<typeof PreferenceBody>;

export const PreferenceKeyParams = z.object({ key: z.string().min(1).max(64) });

export const preferencePaths = {
  categories: `${COMPANY_PREFIX}/preferences/categories/all`,
  companyAll: `${COMPANY_PREFIX}/company-preferences/all`,
  companyOne: `${COMPANY_PREFIX}/company-preferences/:key`,
  userAll: `${COMPANY_PREFIX}/user-preferences/all`,
  userOne: `${COMPANY_PREFIX}/user-preferences/:key`,
} as const;
export const companyPreferencePath = (key: string) =>
  `${COMPANY_PREFIX}/company-preferences/${encodeURIComponent(key)}`;
export const userPreferencePath = (key: string) =>
  `${COMPANY_PREFIX}/user-preferences/${encodeURIComponent(key)}`;
