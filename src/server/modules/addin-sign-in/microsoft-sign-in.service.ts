import type { Kysely } from 'kysely';
import { ADDIN_SIGN_IN_MESSAGES as MESSAGES } from '../../../shared/contract/addin-sign-in';
import type { HandoverResponse } from '../../../shared/contract/auth';
import { randomToken } from '../../auth/codes';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound, unauthorized } from '../../http/errors';
import {
  claimedTenant,
  EntraRefusal,
  type EntraIdentity,
  type EntraVerifier,
} from '../../integrations/entra-id';
// The hand-over code is auth's own, as single sign-on reuses it (sso.routes.ts).
import { insertHandoverCode } from '../auth/auth.queries';
import { HANDOVER_TTL_SECONDS } from '../auth/login.service';
import { accountsOfIdentity, companiesOfTenant, linkIdentity } from './addin-sign-in.queries';

type Deps = Pick<AppDeps, 'config' | 'codes'>;

/**
 * POST master/v1/auth/microsoft: an Entra ID access token the add-in got through nested app
 * authentication, for a hand-over code of the company and account it names. The token's tenant
 * says which companies to look at and where its keys are; the token must verify against them
 * (RS256, audience our app registration, issuer the tenant, not expired) before anything else is
 * answered but "unknown organisation". 401: the token proves nothing; 403: it proves someone we may
 * not sign in.
 */
export async function signInWithMicrosoft(
  db: Kysely<Database>,
  deps: Deps,
  verifier: EntraVerifier,
  token: string,
): Promise<HandoverResponse> {
  const audience = deps.config.addinClientId;
  if (!audience) throw notFound(MESSAGES.notSetUp);
  const tenantId = refusing(() => claimedTenant(token));
  const companies = await companiesOfTenant(db, tenantId);
  if (companies.length === 0) throw forbidden(MESSAGES.unknownTenant);

  // Normally one authority (Microsoft's); a company may name its own sign-in endpoint.
  let identity: EntraIdentity | null = null;
  let authority = '';
  let refusal: EntraRefusal | null = null;
  for (const candidate of new Set(companies.map((company) => company.authority))) {
    try {
      identity = await verifier.verify(token, tenantId, candidate, audience);
      authority = candidate;
      break;
    } catch (error) {
      if (!(error instanceof EntraRefusal)) throw error;
      if (!refusal || refusal.reason === 'keys-unavailable') refusal = error;
    }
  }
  if (!identity) {
    if (refusal?.reason === 'keys-unavailable') throw new HttpError(503, refusal.message);
    throw unauthorized(refusal?.message);
  }

  const companyIds = companies.filter((company) => company.authority === authority).map((c) => c.company_id);
  const accounts = await accountsOfIdentity(db, companyIds, identity);
  const linked = accounts.filter((account) => account.object_id === identity.objectId);
  const candidates = linked.length > 0 ? linked : accounts;
  if (candidates.length === 0) throw forbidden(MESSAGES.unknownUser(identity.email));
  if (candidates.length > 1) throw conflict(MESSAGES.severalCompanies(identity.email));
  const account = candidates[0]!;
  if (account.object_id !== null && account.object_id !== identity.objectId)
    throw forbidden(MESSAGES.otherIdentity(account.email));

  const subdomain = companies.find((company) => company.company_id === account.company_id)!.subdomain;
  const code = randomToken();
  await db.transaction().execute(async (tx) => {
    await linkIdentity(tx, account, identity);
    await insertHandoverCode(
      tx,
      account.company_id,
      account.id,
      deps.codes.digest('handover', code),
      HANDOVER_TTL_SECONDS,
    );
  });
  return { subdomain, handover_code: code };
}

function refusing<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof EntraRefusal) throw unauthorized(error.message);
    throw error;
  }
}
