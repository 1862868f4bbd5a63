import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword } from './passwords';
import { assertPasswordPolicy } from './password-policy';

/**
 * The one way a password is set (reset link, the profile's change-password, an administrator, an
 * invitation): checkNewPassword applies the policy (422, nothing written) and hashes; storePassword
 * writes the hash and ends the user's other sessions. Sessions are rows checked on every
 * authenticated call (sessions.ts), so the revocation holds on the very next request in every
 * server process. Two steps so that a caller's transaction never waits on scrypt.
 */
export async function checkNewPassword(password: string, field = 'password'): Promise<string> {
  assertPasswordPolicy(password, field);
  return hashPassword(password);
}

export async function storePassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  /** the caller's own session, kept when users change their own password */
  keepSessionJti: string | null = null,
): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  let revoke = db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionJti) revoke = revoke.where('jti', '!=', keepSessionJti);
  await revoke.execute();
}

/** Both steps, for a caller with no transaction of its own. */
export async function setUserPassword(
  db: Kysely<Database>,
  request: { userId: number; password: string; field?: string; keepSessionJti?: string | null },
): Promise<void> {
  const passwordHash = await checkNewPassword(request.password, request.field);
  await storePassword(db, request.userId, passwordHash, request.keepSessionJti ?? null);
}
