import { z } from 'zod';
import { COMPANY_PREFIX } from './common';

/**
 * spec §6 menu-preference guard: the side menu shows a module only when its preference is not
 * automatic. One entry per module key (PLAN, BOOKINGS, …), company value with the user's override.
 */
export const MenuPreference = z.object({ key: z.string(), is_automatic: z.boolean() });
export type MenuPreference = z.infer<typeof MenuPreference>;
export const MenuPreferencesResponse = z.object({ data: z.array(MenuPreference) });

export const menuPreferencesPath = `${COMPANY_PREFIX}/preferences/menu`;
