import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { IssuedToken, TokenSigner } from './tokens';

export interface LiveSession {
  jti: string;
  userId: number;
  companyId: number | null;
  /** a platform administrator acting as this company's administrator (company_impersonations) */
  impersonationId: number | null;
}

/** Session rows make tokens revocable: a token counts only while its row is neither revoked nor expired. */
export async function openSession(
  db: Kysely<Database>,
  signer: TokenSigner,
  user: { id: number; company_id: number | null },
  /** an impersonation's session ends with it, whatever the token's own lifetime */
  impersonation?: { id: number; expiresAt: Date },
): Promise<IssuedToken> {
  const issued = await signer.issue(user.id, user.company_id === null ? 'master' : String(user.company_id));
  const expiresAt =
    impersonation && impersonation.expiresAt < issued.expiresAt ? impersonation.expiresAt : issued.expiresAt;
  await db
    .insertInto('sessions')
    .values({
      jti: issued.jti,
      user_id: user.id,
      company_id: user.company_id,
      expires_at: expiresAt,
      impersonation_id: impersonation?.id ?? null,
    })
    .execute();
  return { ...issued, expiresAt };
}

/** One indexed lookup by primary key on every authenticated call. */
export async function findLiveSession(
  db: Kysely<Database>,
  jti: string,
  userId: number,
): Promise<LiveSession | null> {
  const row = await db
    .selectFrom('sessions')
    .select(['jti', 'user_id', 'company_id', 'impersonation_id'])
    .where('jti', '=', jti)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row
    ? { jti: row.jti, userId: row.user_id, companyId: row.company_id, impersonationId: row.impersonation_id }
    : null;
}

export async function revokeSession(
  db: Kysely<Database>,
  jti: string,
  replacedBy: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()`, replaced_by: replacedBy })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * How long a token already spent by a refresh may be refreshed again. A refresh whose answer never
 * arrived (the tab closed or navigated while it was on the way, the phone lost its signal) or two tabs
 * that woke with the same expired token and refreshed at once would otherwise end the session: the
 * client's stored token is the spent one. Only a rotation is forgiven; logout and a password change
 * revoke for good.
 */
export const REFRESH_REUSE_SECONDS = 30;

/**
 * Refresh rotation: the old session is revoked (pointing at its successor) and a new one opened, in
 * one transaction. A session revoked (other than by a rotation less than REFRESH_REUSE_SECONDS ago),
 * or expired for longer than the refresh window, is refused, and so is an impersonation's: it ends
 * when its time is up.
 */
export async function rotateSession(
  db: Kysely<Database>,
  signer: TokenSigner,
  old: { jti: string; userId: number },
  refreshWindowSeconds: number,
): Promise<IssuedToken | null> {
  return db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('sessions')
      .select(['user_id', 'company_id', 'revoked_at'])
      .where('jti', '=', old.jti)
      .where('user_id', '=', old.userId)
      .where('impersonation_id', 'is', null)
      .where((eb) =>
        eb.or([
          eb('revoked_at', 'is', null),
          eb.and([
            eb('replaced_by', 'is not', null),
            eb('revoked_at', '>', sql<Date>`now() - make_interval(secs => ${REFRESH_REUSE_SECONDS})`),
          ]),
        ]),
      )
      .where('expires_at', '>', sql<Date>`now() - make_interval(secs => ${refreshWindowSeconds})`)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return null;
    const issued = await openSession(tx, signer, { id: current.user_id, company_id: current.company_id });
    if (current.revoked_at === null) await revokeSession(tx, old.jti, issued.jti);
    return issued;
  });
}
