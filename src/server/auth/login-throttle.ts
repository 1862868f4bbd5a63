import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { tooManyRequests } from '../http/errors';

/** Failed sign-ins are rows, so every server process counts the same failures. */
export const THROTTLE = { windowSeconds: 15 * 60, perAccount: 5, perAddress: 20 } as const;

export interface AttemptKey {
  /** the company id, or 'master' */
  scope: string;
  /** the lower-cased email, or a pseudo account such as 'handover' */
  account: string;
  ip: string;
}

/** Answers 429 with Retry-After when the account or the address has used up its failures. */
export async function assertNotThrottled(db: Kysely<Database>, key: AttemptKey): Promise<void> {
  const row = await db
    .selectFrom('login_attempts')
    .select([
      sql<number>`count(*) filter (where scope = ${key.scope} and account = ${key.account})::int`.as(
        'account_failures',
      ),
      sql<number>`count(*) filter (where ip = ${key.ip})::int`.as('ip_failures'),
      sql<Date | null>`(array_agg(created_at order by created_at desc) filter (where ip = ${key.ip}))[${THROTTLE.perAddress}]`.as(
        'ip_limiting',
      ),
      sql<Date | null>`(array_agg(created_at order by created_at desc) filter (where scope = ${key.scope} and account = ${key.account}))[${THROTTLE.perAccount}]`.as(
        'account_limiting',
      ),
      sql<Date>`now()`.as('now'),
    ])
    .where('succeeded', '=', false)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${THROTTLE.windowSeconds})`)
    .where((eb) =>
      eb.or([eb.and([eb('scope', '=', key.scope), eb('account', '=', key.account)]), eb('ip', '=', key.ip)]),
    )
    .executeTakeFirstOrThrow();
  // The attempt that frees a slot is the oldest of the last N failures: it leaves the window first.
  const limiting =
    row.account_failures >= THROTTLE.perAccount
      ? row.account_limiting
      : row.ip_failures >= THROTTLE.perAddress
        ? row.ip_limiting
        : null;
  if (!limiting) return;
  const freeAt = new Date(limiting).getTime() + THROTTLE.windowSeconds * 1000;
  const seconds = Math.max(1, Math.ceil((freeAt - new Date(row.now).getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  throw tooManyRequests(
    `Too many login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    seconds,
  );
}

export async function recordFailure(db: Kysely<Database>, key: AttemptKey): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ ...key, succeeded: false })
    .execute();
}

/** A successful sign-in clears the account's failures (the address keeps its count). */
export async function recordSuccess(db: Kysely<Database>, key: AttemptKey): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('scope', '=', key.scope)
    .where('account', '=', key.account)
    .where('succeeded', '=', false)
    .execute();
}
