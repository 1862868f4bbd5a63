import { z } from 'zod';
import { APPROVAL_STATUSES, DECLARATION_STATUSES } from '../booking/declaration-rules';
import { PASS_STATUSES } from '../booking/pass-status';
import { COMPANY_PREFIX } from './common';
import { Id } from './ids';

/**
 * spec §7 Space passes (GET all, GET and DELETE {id}), §3 Pass (id, declaration status). A pass is
 * its holder's proof of one booking and has the booking's id (see shared/booking/pass-status.ts).
 * Times are ISO 8601 instants; `timezone` is the level's, in which the client shows them.
 */

export const PassStatus = z.enum(PASS_STATUSES);

export const SpacePass = z.object({
  id: Id,
  declaration_id: Id,
  status: PassStatus,
  declaration_status: z.enum(DECLARATION_STATUSES),
  approval_status: z.enum(APPROVAL_STATUSES),
  resource: z.object({ id: Id, name: z.string(), type: z.string() }),
  /** the level and its ancestors, top first */
  levels: z.array(z.object({ id: Id, name: z.string() })),
  starts_at: z.string(),
  ends_at: z.string(),
  timezone: z.string(),
  holder: z.object({ id: Id, name: z.string() }),
  revoked_at: z.string().nullable(),
  /** the QR code's image (an authorized GET), while the pass is upcoming or valid; else null */
  qr_code_url: z.string().nullable(),
  /** the address the QR code carries: the booking's actions screen on the company host */
  actions_url: z.string(),
});
export type SpacePass = z.infer<typeof SpacePass>;

/** GET space-passes: the caller's passes that are not over yet (pending, upcoming, valid), soonest first. */
export const SpacePassList = z.object({ data: z.array(SpacePass) });
export type SpacePassList = z.infer<typeof SpacePassList>;

export const spacePassesPath = `${COMPANY_PREFIX}/space-passes`;
export const spacePassPaths = {
  all: spacePassesPath,
  one: `${spacePassesPath}/:id`,
  qrCode: `${spacePassesPath}/:id/qr-code`,
} as const;
export const spacePassPath = (id: number) => `${spacePassesPath}/${id}`;
export const spacePassQrCodePath = (id: number) => `${spacePassesPath}/${id}/qr-code`;
/** The client screen a booking's link (e-mail, pass QR code) opens: spec §2 /actions/{declaration_id}. */
export const actionsScreen = (declarationId: number) => `/actions/${declarationId}`;
