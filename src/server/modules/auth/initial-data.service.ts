import type { InitialData } from '../../../shared/contract/auth';
import { STARTUP_ROUTES } from '../../../shared/contract/startup';
import type { PublicContext } from '../../context';
import { impersonationBanner } from '../../auth/impersonation-sessions';
import { unauthorized } from '../../http/errors';
import type { ReferenceData, ReferenceLists } from '../../reference';
import { normalizePermissions } from '../../permissions/resolve';
import { receptionDeskEntry } from '../../permissions/reception-desks';
import type { ManagerFlags } from '../../permissions/user-managers';
import type { GeneralPermission } from '../../../shared/permissions/can';
import { signedInUser } from './initial-data.queries';

// spec §9 grid defaults double as the time preferences of a company that has set none.
const DEFAULT_DATE_FORMAT = 'd.M.yyyy';
const DEFAULT_TIME_FORMAT = 'HH:mm';

/**
 * Ours (spec silent): a user manager's MANAGE_USERS flags (from their user-manager containers) are
 * told with the general permissions, so that the users screens and menu open for them as the users
 * API does (users.routes orUserManager); create stays the administrators'.
 */
function managingPermission(flags: ManagerFlags | null): GeneralPermission[] {
  if (!flags || !(flags.read || flags.update || flags.delete)) return [];
  return [
    { permission: 'MANAGE_USERS', type: 'CRUD', is_active: true, create: false, ...flags, value: null },
  ];
}

type PersonalPart = Omit<InitialData, 'labels' | keyof ReferenceLists>;

/**
 * spec §3 "Login/initial response" without the token: who the user is, where they work, what they
 * may do, and the reference data and labels the client needs before its first screen.
 */
export async function initialData(
  ctx: PublicContext,
  reference: ReferenceData,
  userId: number,
  impersonationId: number | null = null,
): Promise<InitialData> {
  const { personal, languageCode } = await personalPart(ctx, reference, userId, impersonationId);
  return { ...personal, labels: await reference.labels(languageCode), ...(await reference.referenceLists()) };
}

/** The same answer as JSON text, the shared part spliced in already serialized (GET initial-data). */
export async function initialDataJson(
  ctx: PublicContext,
  reference: ReferenceData,
  userId: number,
  impersonationId: number | null = null,
): Promise<string> {
  const { personal, languageCode } = await personalPart(ctx, reference, userId, impersonationId);
  return `${JSON.stringify(personal).slice(0, -1)},${await reference.sharedInitialJson(languageCode)}}`;
}

async function personalPart(
  ctx: PublicContext,
  reference: ReferenceData,
  userId: number,
  impersonationId: number | null,
): Promise<{ personal: PersonalPart; languageCode: string }> {
  const company = ctx.tenant.area === 'company' ? ctx.tenant.company : null;
  const impersonation =
    company && impersonationId !== null
      ? ((await impersonationBanner(ctx.db, company.id, impersonationId)) ?? null)
      : null;
  const profile = await signedInUser(ctx.db, company?.id ?? null, userId, [
    'StartUpPage',
    'DateFormat',
    'TimeFormat',
  ]);
  if (!profile) throw unauthorized('The account no longer exists.');
  const preferences = new Map(profile.preferences.map((preference) => [preference.key, preference.value]));
  const startup = preferences.get('StartUpPage') ?? null;
  const personal: PersonalPart = {
    user: {
      id: profile.id,
      email: profile.email,
      first_name: profile.first_name,
      last_name: profile.last_name,
      name: `${profile.first_name} ${profile.last_name}`.trim(),
      language_id: profile.language_id,
      language: {
        id: profile.language_id,
        code: profile.language_code,
        locale: profile.language_locale,
        name: profile.language_name,
      },
      country_id: profile.country_id,
      timezone: profile.timezone,
      is_visitor: profile.is_visitor,
      sso: profile.sso,
      camera: profile.camera,
      is_platform_admin: profile.is_platform_admin,
    },
    company: company
      ? {
          id: company.id,
          name: company.name,
          subdomain: company.subdomain,
          country_id: company.country_id,
          language_id: company.language_id,
          timezone: company.timezone,
          currency_id: company.currency_id,
          data_region_id: company.data_region_id,
          company_type_id: company.company_type_id,
        }
      : null,
    startup_page: startup && startup in STARTUP_ROUTES ? startup : null,
    general_permissions: [
      ...normalizePermissions(profile.permissions),
      ...managingPermission(profile.manager_flags),
      ...(company ? await receptionDeskEntry(ctx.db, company.id, userId) : []),
    ],
    usertimepreference: {
      date_format: preferences.get('DateFormat') ?? DEFAULT_DATE_FORMAT,
      time_format: preferences.get('TimeFormat') ?? DEFAULT_TIME_FORMAT,
      timezone: profile.timezone,
    },
    // Devices (displays, kiosks) sign in with their own accounts; a person's session has none.
    device: null,
    subdomain: company?.subdomain ?? null,
    ...(impersonation ? { impersonation } : {}),
  };
  return { personal, languageCode: await reference.languageOf(profile.language_code) };
}
