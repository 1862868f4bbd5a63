import { z } from 'zod';
import { text } from '../validation/schemas';
import { COMPANY_PREFIX, MASTER_PREFIX } from './common';

/**
 * "Open company as administrator" (issue 39): a platform administrator acts as one of a company's
 * administrators for IMPERSONATION_MINUTES, for a stated reason. The master call answers a hand-over
 * code for the company host (like a company user's sign-in on the master host); the company's
 * administrators read every opening, and what was changed under it, at /company-impersonations.
 */
export const IMPERSONATION_MINUTES = 30;
export const IMPERSONATION_REASON_MIN = 10;

export const impersonationPaths = {
  /** master: open the company */
  start: (companyId: number | string) => `${MASTER_PREFIX}/companies/${companyId}/impersonations`,
  /** company: the audit list (LOG-FILES) */
  list: `${COMPANY_PREFIX}/impersonations`,
  one: (id: number | string) => `${COMPANY_PREFIX}/impersonations/${id}`,
};

export const StartImpersonationBody = z.strictObject({
  reason: text(`required|min:${IMPERSONATION_REASON_MIN}`, 500),
});
export type StartImpersonationBody = z.infer<typeof StartImpersonationBody>;

/** The hand-over to the company host; the session it opens ends at expires_at. */
export const StartImpersonationResponse = z.object({
  subdomain: z.string(),
  handover_code: z.string(),
  expires_at: z.string(),
});
export type StartImpersonationResponse = z.infer<typeof StartImpersonationResponse>;

export const Impersonation = z.object({
  id: z.number().int(),
  platform_user_email: z.string(),
  acting_user_email: z.string(),
  reason: z.string(),
  started_at: z.string(),
  expires_at: z.string(),
  /** when it was ended from the banner (or by signing out); null when it ran out or is running */
  ended_at: z.string().nullable(),
  actions_count: z.number().int(),
});
export type Impersonation = z.infer<typeof Impersonation>;

export const ImpersonationList = z.object({ data: z.array(Impersonation) });
export type ImpersonationList = z.infer<typeof ImpersonationList>;

/** A change made under an impersonation: the route's pattern and its answer, never its body. */
export const ImpersonationAction = z.object({
  at: z.string(),
  method: z.string(),
  route: z.string(),
  status: z.number().int(),
});
export const ImpersonationDetail = Impersonation.extend({ actions: z.array(ImpersonationAction) });
export type ImpersonationDetail = z.infer<typeof ImpersonationDetail>;

/** In the initial data of a session opened this way: what the banner says. */
export const ImpersonationBanner = z.object({
  company_name: z.string(),
  platform_user_email: z.string(),
  expires_at: z.string(),
});
export type ImpersonationBanner = z.infer<typeof ImpersonationBanner>;
