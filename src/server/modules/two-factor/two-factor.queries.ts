import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A company user, or a platform administrator (companyId null, spec §7 "Master also has 2fa"). */
export interface Who {
  companyId: number | null;
  userId: number;
}

/** `company_id = $1`, or `is null` for the platform: the unique keys (0141) serve both. */
const eq = (companyId: number | null) => (companyId === null ? 'is' : '=');

export async function findTwoFactor(db: Kysely<Database>, who: Who) {
  return db
    .selectFrom('user_two_factor')
    .select(['secret_sealed', 'enabled_at', 'last_time_step'])
    .where('company_id', eq(who.companyId), who.companyId)
    .where('user_id', '=', who.userId)
    .executeTakeFirst();
}

/** A new secret while none is confirmed; an enabled one is never replaced here. */
export async function savePendingSecret(db: Kysely<Database>, who: Who, sealed: string): Promise<boolean> {
  const result = await db
    .insertInto('user_two_factor')
    .values({ company_id: who.companyId, user_id: who.userId, secret_sealed: sealed })
    .onConflict((oc) =>
      oc
        .columns(['company_id', 'user_id'])
        .doUpdateSet({ secret_sealed: sealed, last_time_step: null })
        .where('user_two_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * Takes a code's time step as used: only when it is after the last one, so two requests racing
 * with one code accept it once.
 */
export async function useTimeStep(db: Kysely<Database>, who: Who, step: number, enable = false) {
  const result = await db
    .updateTable('user_two_factor')
    .set({ last_time_step: step, ...(enable ? { enabled_at: sql<Date>`now()` } : {}) })
    .where('company_id', eq(who.companyId), who.companyId)
    .where('user_id', '=', who.userId)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function replaceRecoveryCodes(db: Kysely<Database>, who: Who, hashes: readonly string[]) {
  await db
    .deleteFrom('user_recovery_codes')
    .where('company_id', eq(who.companyId), who.companyId)
    .where('user_id', '=', who.userId)
    .execute();
  await db
    .insertInto('user_recovery_codes')
    .values(hashes.map((code_hash) => ({ company_id: who.companyId, user_id: who.userId, code_hash })))
    .execute();
}

/** Uses a recovery code once: true when it was one of the user's and unused. */
export async function useRecoveryCode(db: Kysely<Database>, who: Who, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: sql<Date>`now()` })
    .where('company_id', eq(who.companyId), who.companyId)
    .where('user_id', '=', who.userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countRecoveryCodesLeft(db: Kysely<Database>, who: Who): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select(sql<number>`count(*)::int`.as('left'))
    .where('company_id', eq(who.companyId), who.companyId)
    .where('user_id', '=', who.userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.left;
}

export async function removeTwoFactor(db: Kysely<Database>, who: Who): Promise<void> {
  for (const table of ['user_recovery_codes', 'user_two_factor'] as const)
    await db
      .deleteFrom(table)
      .where('company_id', eq(who.companyId), who.companyId)
      .where('user_id', '=', who.userId)
      .execute();
}

export async function companyRequiresTwoFactor(db: Kysely<Database>, companyId: number, key: string) {
  const row = await db
    .selectFrom('company_preferences')
    .select('value')
    .where('company_id', '=', companyId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value === '1';
}

export async function passwordHashOf(db: Kysely<Database>, who: Who): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('company_id', eq(who.companyId), who.companyId)
    .where('id', '=', who.userId)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

export async function accountNameOf(db: Kysely<Database>, who: Who) {
  const row = await db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select(['users.email', 'companies.name as company'])
    .where('users.company_id', eq(who.companyId), who.companyId)
    .where('users.id', '=', who.userId)
    .executeTakeFirstOrThrow();
  return { email: row.email, company: row.company ?? 'platform' };
}

// Sign-in challenges: between the password and the second step.

export async function insertChallenge(
  db: Kysely<Database>,
  who: Who,
  hash: string,
  purpose: 'code' | 'setup',
  ttlSeconds: number,
): Promise<void> {
  await db
    .insertInto('two_factor_challenges')
    .values({
      company_id: who.companyId,
      user_id: who.userId,
      challenge_hash: hash,
      purpose,
      expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
    })
    .execute();
}

export async function findChallenge(db: Kysely<Database>, companyId: number | null, hash: string) {
  return db
    .selectFrom('two_factor_challenges')
    .select(['user_id', 'purpose'])
    .where('company_id', eq(companyId), companyId)
    .where('challenge_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Closes a challenge once: false when another request closed it first. */
export async function closeChallenge(
  db: Kysely<Database>,
  companyId: number | null,
  hash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('company_id', eq(companyId), companyId)
    .where('challenge_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
