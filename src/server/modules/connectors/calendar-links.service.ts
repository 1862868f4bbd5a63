import { createHash, randomBytes } from 'node:crypto';
import {
  CONNECTOR_MESSAGES,
  type CalendarAuthUrl,
  type LinkableProvider,
  type LinkedUser,
  type OwnCalendarLink,
} from '../../../shared/contract/connectors';
import { MAX_ID } from '../../../shared/contract/common';
import type { AppDeps } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { guardedFetch, type OutboundPolicy } from '../../integrations/outbound-url';
import { secretBoxFor, secretContext } from '../../integrations/secrets';
import { loadCalendarConnector } from './calendars.service';
import type { ConnectorContext } from './connectors.context';

/** How long the provider's consent screen may stay open. */
const STATE_TTL_MS = 10 * 60 * 1000;

const SCOPES: Record<LinkableProvider, string> = {
  outlook: 'offline_access openid email Calendars.ReadWrite',
  google: 'openid email https://www.googleapis.com/auth/calendar.events',
};

const digest = (state: string) => createHash('sha256').update(state).digest('base64url');
export const linkSecretContext = (companyId: number, linkId: number) =>
  secretContext(companyId, `calendar_linked_users/${linkId}/refresh_token`);

/** The company's active connector of a provider that users link through (the oldest one). */
async function activeConnector(db: ConnectorContext['db'], companyId: number, provider: LinkableProvider) {
  return db
    .selectFrom('calendar_connectors')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where('provider', '=', provider)
    .where('is_active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
}

export async function ownLink(ctx: ConnectorContext, provider: LinkableProvider): Promise<OwnCalendarLink> {
  const [connector, row] = await Promise.all([
    activeConnector(ctx.db, ctx.companyId, provider),
    ctx.db
      .selectFrom('calendar_linked_users')
      .select(['status', 'account_email', 'linked_at'])
      .where('company_id', '=', ctx.companyId)
      .where('user_id', '=', ctx.userId)
      .where('provider', '=', provider)
      .executeTakeFirst(),
  ]);
  return {
    provider,
    available: connector !== undefined,
    status: row?.status ?? 'none',
    account_email: row?.account_email ?? null,
    linked_at: row?.linked_at ? new Date(row.linked_at).toISOString() : null,
  };
}

/**
 * GET users/calendar-auth-url/{provider}: the provider's consent address, built here from the
 * connector's client id so the client never sees connector settings. The state names the company
 * (the provider sends the browser back to one address on the master host) and a random part kept
 * only as a digest, single-use and short-lived. A user already linked keeps the link until the new
 * consent completes.
 */
export async function calendarAuthUrl(
  ctx: ConnectorContext,
  provider: LinkableProvider,
  redirectUri: string,
  now = new Date(),
): Promise<CalendarAuthUrl> {
  const connector = await activeConnector(ctx.db, ctx.companyId, provider);
  if (!connector) throw conflict(CONNECTOR_MESSAGES.noConnector);
  const settings = (await loadCalendarConnector(ctx.db, ctx.box, ctx.companyId, connector.id))!.settings;
  const state = `${ctx.companyId}.${randomBytes(32).toString('base64url')}`;
  const pending = {
    calendar_connector_id: connector.id,
    state_digest: digest(state),
    state_expires_at: new Date(now.getTime() + STATE_TTL_MS),
  };
  await ctx.db
    .insertInto('calendar_linked_users')
    .values({ company_id: ctx.companyId, user_id: ctx.userId, provider, ...pending })
    .onConflict((oc) => oc.columns(['company_id', 'user_id', 'provider']).doUpdateSet(pending))
    .execute();
  const url =
    provider === 'outlook'
      ? new URL(
          `${settings.login_url!.replace(/\/$/, '')}/${encodeURIComponent(settings.tenant_id ?? '')}/oauth2/v2.0/authorize`,
        )
      : new URL(settings.auth_url!);
  const params = {
    client_id: settings.client_id ?? '',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: SCOPES[provider],
    state,
    ...(provider === 'outlook'
      ? { response_mode: 'query', prompt: 'select_account' }
      : { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' }),
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return { url: url.toString() };
}

export async function unlinkOwn(ctx: ConnectorContext, provider: LinkableProvider): Promise<OwnCalendarLink> {
  await ctx.db
    .deleteFrom('calendar_linked_users')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .where('provider', '=', provider)
    .execute();
  return ownLink(ctx, provider);
}

/** The e-mail of the account that consented, from the ID token the token endpoint itself answered. */
function accountEmail(idToken: unknown): string | null {
  if (typeof idToken !== 'string') return null;
  try {
    // Not verified: it comes straight from the provider's token endpoint over the connector's own
    // channel, and it is only shown to the user as "linked as …", never used to sign anyone in.
    const claims = JSON.parse(
      Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    const email = claims.email ?? claims.preferred_username ?? claims.upn;
    return typeof email === 'string' ? email.slice(0, 254) : null;
  } catch {
    return null;
  }
}

export interface CallbackResult {
  subdomain: string | null;
  outcome: 'linked' | 'refused';
  message?: string;
}

const CALLBACK_MESSAGES = {
  expired: 'The link request has expired or was already used. Please start again.',
  denied: 'The calendar provider did not grant access.',
  exchange: 'The calendar provider did not confirm the link. Please try again later.',
};

/**
 * GET /api/connectors/oauth/{provider}/callback: the provider sends the browser back with a code
 * and our state. The code is exchanged at the connector's token endpoint (a checked URL, fetched
 * through the guard) for a refresh token, stored sealed; the state is spent either way.
 */
export async function completeCalendarLink(
  deps: AppDeps,
  provider: LinkableProvider,
  query: { code?: string; state?: string; error?: string },
  redirectUri: string,
  now = new Date(),
): Promise<CallbackResult> {
  const db = deps.db.kysely;
  const [companyPart] = (query.state ?? '').split('.', 1);
  const companyId = Number(companyPart);
  // a company id past the database's integer would reach the query as an error, not a refusal
  if (!query.state || !Number.isInteger(companyId) || companyId <= 0 || companyId > MAX_ID)
    return { subdomain: null, outcome: 'refused', message: CALLBACK_MESSAGES.expired };
  const company = await db
    .selectFrom('companies')
    .select('subdomain')
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) return { subdomain: null, outcome: 'refused', message: CALLBACK_MESSAGES.expired };
  const refused = (message: string): CallbackResult => ({
    subdomain: company.subdomain,
    outcome: 'refused',
    message,
  });
  // Spend the state first: a second use of the same address finds nothing.
  const row = await db
    .updateTable('calendar_linked_users')
    .set({ state_digest: null, state_expires_at: null })
    .where('company_id', '=', companyId)
    .where('state_digest', '=', digest(query.state))
    .where('provider', '=', provider)
    .where('state_expires_at', '>', now)
    .returning(['id', 'calendar_connector_id', 'status'])
    .executeTakeFirst();
  if (!row) return refused(CALLBACK_MESSAGES.expired);
  const dropPending = async () => {
    if (row.status === 'pending')
      await db
        .deleteFrom('calendar_linked_users')
        .where('company_id', '=', companyId)
        .where('id', '=', row.id)
        .execute();
  };
  if (query.error || !query.code) {
    await dropPending();
    return refused(CALLBACK_MESSAGES.denied);
  }
  const box = secretBoxFor(deps.config);
  const connector = await loadCalendarConnector(db, box, companyId, row.calendar_connector_id);
  if (!connector?.isActive) {
    await dropPending();
    return refused(CONNECTOR_MESSAGES.noConnector);
  }
  const policy: OutboundPolicy = { allowPrivate: deps.config.allowPrivateConnectorUrls };
  const s = connector.settings;
  const tokenUrl =
    provider === 'outlook'
      ? `${s.login_url!.replace(/\/$/, '')}/${encodeURIComponent(s.tenant_id ?? '')}/oauth2/v2.0/token`
      : s.token_url!;
  const form = new URLSearchParams({
    client_id: s.client_id ?? '',
    client_secret: s.client_secret ?? '',
    code: query.code,
    redirect_uri: redirectUri,
    grant_type: 'authorization_code',
    ...(provider === 'outlook' ? { scope: SCOPES.outlook } : {}),
  });
  let tokens: Record<string, unknown>;
  try {
    const answer = await guardedFetch(
      tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        timeoutMs: 15_000,
      },
      policy,
    );
    tokens = (await answer.json()) as Record<string, unknown>;
    if (!answer.ok || typeof tokens.refresh_token !== 'string')
      throw new Error(`token endpoint answered ${answer.status}`);
  } catch {
    await dropPending();
    return refused(CALLBACK_MESSAGES.exchange);
  }
  await db
    .updateTable('calendar_linked_users')
    .set({
      status: 'linked',
      account_email: accountEmail(tokens.id_token),
      sealed_refresh_token: box.seal(tokens.refresh_token as string, linkSecretContext(companyId, row.id)),
      linked_at: now,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', row.id)
    .execute();
  return { subdomain: company.subdomain, outcome: 'linked' };
}

export async function listLinkedUsers(
  ctx: ConnectorContext,
  calendarId?: number,
): Promise<{ data: LinkedUser[] }> {
  let query = ctx.db
    .selectFrom('calendar_linked_users as l')
    .innerJoin('users as u', (join) =>
      join.onRef('u.company_id', '=', 'l.company_id').onRef('u.id', '=', 'l.user_id'),
    )
    .select([
      'l.id',
      'l.provider',
      'l.calendar_connector_id',
      'l.account_email',
      'l.linked_at',
      'u.id as user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
    ])
    .where('l.company_id', '=', ctx.companyId)
    .where('l.status', '=', 'linked');
  if (calendarId !== undefined) query = query.where('l.calendar_connector_id', '=', calendarId);
  const rows = await query.orderBy('u.last_name').orderBy('u.first_name').orderBy('l.id').execute();
  return {
    data: rows.map((row) => ({
      id: row.id,
      user: { id: row.user_id, name: `${row.first_name} ${row.last_name}`.trim(), email: row.email },
      provider: row.provider,
      calendar_id: row.calendar_connector_id,
      account_email: row.account_email,
      linked_at: new Date(row.linked_at!).toISOString(),
    })),
  };
}

/** An administrator removes a user's link (a leaver, a revoked consent). */
export async function deleteLinkedUser(ctx: ConnectorContext, id: number): Promise<LinkedUser> {
  const [found] = (await listLinkedUsers(ctx)).data.filter((link) => link.id === id);
  if (!found) throw notFound(CONNECTOR_MESSAGES.linkNotFound);
  await ctx.db
    .deleteFrom('calendar_linked_users')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .execute();
  return found;
}
