import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { tooManyRequests } from '../http/errors';

/**
 * Sign-in throttling (docs/security-model.md#throttling). Every attempt takes its place in a counter
 * before the password is checked, with one INSERT … ON CONFLICT DO UPDATE that locks the counter's
 * row: parallel attempts are counted one after another, on every server process.
 *
 * - an account from one address: 5 attempts per window, then 429 without checking anything;
 * - an address, over all its accounts: from 10 checked failures each attempt waits, the wait
 *   doubling up to 8 s; beyond 30, a correct password signs in only through an e-mailed code;
 * - an account, over all addresses: beyond 20 checked failures, the same e-mailed code.
 * A correct password is never refused for its address alone, so an attacker behind an office's
 * address cannot lock that office out.
 */
export const THROTTLE = {
  windowSeconds: 15 * 60,
  perPair: 5,
  addressDelayFrom: 10,
  addressProofAfter: 30,
  accountProofAfter: 20,
  /** 250 ms doubled five times: at most 8 s */
  maxDoublings: 5,
  /** password-forgot and sign-in code mails asked from one address per window */
  mailRequestsPerAddress: 10,
  mailsPerAccountPerHour: 3,
} as const;

export const THROTTLED_MESSAGE = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Too many login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};

export interface AttemptKey {
  /** the company id, or 'master' */
  scope: string;
  /** the lower-cased email, or a pseudo account such as 'hand-over' */
  account: string;
  ip: string;
}

interface Counted {
  count: number;
  secondsLeft: number;
}

const pairKey = (key: AttemptKey) => `pair:${key.scope}:${key.account}:${key.ip}`;
const accountKey = (key: AttemptKey) => `account:${key.scope}:${key.account}`;
const addressKey = (ip: string) => `address:${ip}`;

/**
 * Counts one more attempt on each key in one statement; a counter whose window has passed starts
 * again at 1. Keys are locked in sorted order, so two statements never wait on each other in turn.
 */
export async function take(
  db: Kysely<Database>,
  keys: string[],
  windowSeconds: number = THROTTLE.windowSeconds,
): Promise<Map<string, Counted>> {
  const sorted = [...new Set(keys)].sort();
  const { rows } = await sql<{ key: string; count: number; seconds_left: number }>`
    insert into throttle_counters (key, count, window_ends)
    select key, 1, now() + make_interval(secs => ${windowSeconds})
    from unnest(${sorted}::text[]) with ordinality as t(key, position) order by position
    on conflict (key) do update set
      count = case when throttle_counters.window_ends <= now() then 1 else throttle_counters.count + 1 end,
      window_ends = case when throttle_counters.window_ends <= now() then excluded.window_ends
                         else throttle_counters.window_ends end
    returning key, count, ceil(extract(epoch from window_ends - now()))::int as seconds_left`.execute(db);
  // Counters of windows long gone are only clutter: now and then, clear some.
  if (Math.random() < 0.01)
    await sql`delete from throttle_counters where key in (
      select key from throttle_counters where window_ends < now() - interval '1 day' limit 1000)`.execute(db);
  return new Map(
    rows.map((row) => [row.key, { count: row.count, secondsLeft: Math.max(1, row.seconds_left) }]),
  );
}

/** The wait before checking an attempt from an address with this many failures (the attempt included). */
export function delayBeforeCheck(addressFailures: number, baseMs: number): number {
  if (addressFailures < THROTTLE.addressDelayFrom) return 0;
  return baseMs * 2 ** Math.min(addressFailures - THROTTLE.addressDelayFrom, THROTTLE.maxDoublings);
}

export interface Attempt {
  key: AttemptKey;
  /** a correct secret alone no longer signs in: it takes an e-mailed code */
  proofRequired: boolean;
}

/**
 * Takes the attempt's place before anything is checked: 429 once the account has had its attempts
 * from this address; otherwise counts it as a failure of the account and the address (a success
 * takes that back), waits as long as the address has earned, and says whether a proof is due.
 */
export async function beginAttempt(
  db: Kysely<Database>,
  key: AttemptKey,
  delayBaseMs: number,
): Promise<Attempt> {
  const pair = (await take(db, [pairKey(key)])).get(pairKey(key))!;
  if (pair.count > THROTTLE.perPair)
    throw tooManyRequests(THROTTLED_MESSAGE(pair.secondsLeft), pair.secondsLeft);
  const counted = await take(db, [accountKey(key), addressKey(key.ip)]);
  const account = counted.get(accountKey(key))!.count;
  const address = counted.get(addressKey(key.ip))!.count;
  const delay = delayBeforeCheck(address, delayBaseMs);
  if (delay > 0) await sleep(delay);
  return {
    key,
    proofRequired: account > THROTTLE.accountProofAfter || address > THROTTLE.addressProofAfter,
  };
}

/** A success clears the account's failures and takes back the one counted against the address. */
export async function attemptSucceeded(db: Kysely<Database>, attempt: Attempt): Promise<void> {
  const { key } = attempt;
  await db
    .deleteFrom('throttle_counters')
    .where('key', 'in', [pairKey(key), accountKey(key)])
    .execute();
  await db
    .updateTable('throttle_counters')
    .set({ count: sql<number>`greatest(count - 1, 0)` })
    .where('key', '=', addressKey(key.ip))
    .execute();
}

/**
 * A request that sends a mail (password-forgot, a sign-in code): 429 beyond 10 from one address per
 * window (refusing it locks nobody out: the password still works); answers whether the account may
 * get another mail this hour (at most 3, counted atomically like the attempts).
 */
export async function takeMailRequest(
  db: Kysely<Database>,
  kind: 'password-reset' | 'temp-code',
  key: AttemptKey,
): Promise<boolean> {
  const address = `mail-address:${key.ip}`;
  const fromAddress = (await take(db, [address])).get(address)!;
  if (fromAddress.count > THROTTLE.mailRequestsPerAddress)
    throw tooManyRequests(
      `Too many requests. Try again in ${Math.ceil(fromAddress.secondsLeft / 60)} minutes.`,
      fromAddress.secondsLeft,
    );
  return mayMailAccount(db, kind, key);
}

/** Whether the account may get another mail of this kind this hour (at most 3). */
export async function mayMailAccount(
  db: Kysely<Database>,
  kind: 'password-reset' | 'temp-code',
  key: Omit<AttemptKey, 'ip'>,
): Promise<boolean> {
  const mails = `mail:${kind}:${key.scope}:${key.account}`;
  return (await take(db, [mails], 3600)).get(mails)!.count <= THROTTLE.mailsPerAccountPerHour;
}
