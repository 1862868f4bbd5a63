import { describe, expect, it } from 'vitest';
import { THROTTLE, delayBeforeCheck } from '../../src/server/auth/login-throttle';
import { CODE_MAILED_INSTEAD } from '../../src/server/modules/auth/login.service';
import { describeEachDatabase, type TestServer } from '../support/server-app';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  call,
  companyIdOf,
  expectErrorShape,
  freshIp,
} from '../support/server-factories';

/**
 * Issue 37, point 2: the check of the failures and their record were separate steps, so 200
 * parallel wrong passwords for one account were all checked; and 20 failures from one address
 * refused everyone behind it, correct passwords and the platform administrator included.
 */
const LOGIN = '/api/company/v1/auth/login';
const PARALLEL = 200;

function login(server: TestServer, email: string, password: string, ip: string) {
  return call(server, 'POST', LOGIN, { subdomain: 'acme', body: { email, password }, ip });
}

function statusesOf(responses: Array<{ statusCode: number }>): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

async function counter(server: TestServer, key: string): Promise<number> {
  const row = await server.db.kysely
    .selectFrom('throttle_counters')
    .select('count')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.count ?? 0;
}

async function mailsTo(server: TestServer, address: string, subject: string) {
  return server.db.kysely
    .selectFrom('outbox')
    .select('text_body')
    .where('to_address', '=', address)
    .where('subject', '=', subject)
    .orderBy('id', 'desc')
    .execute();
}

describe('the wait before a check', () => {
  it('grows with the address’s failures and stops at 8 seconds', () => {
    expect(delayBeforeCheck(THROTTLE.addressDelayFrom - 1, 250)).toBe(0);
    expect(delayBeforeCheck(THROTTLE.addressDelayFrom, 250)).toBe(250);
    expect(delayBeforeCheck(THROTTLE.addressDelayFrom + 1, 250)).toBe(500);
    expect(delayBeforeCheck(1_000, 250)).toBe(8_000);
  });
});

describeEachDatabase(
  'login throttling under concurrency',
  (server) => {
    it(`${PARALLEL} parallel wrong passwords record ${PARALLEL} failures, check only five, and the owner still signs in from the office's other address`, async () => {
      const email = ACCOUNTS.employee;
      const attacker = '198.51.100.7';
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) => login(server(), email, `wrong-${index}`, attacker)),
      );
      expect(statusesOf(answers)).toEqual({ 401: THROTTLE.perPair, 429: PARALLEL - THROTTLE.perPair });
      for (const refused of answers.filter((answer) => answer.statusCode === 429))
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const company = await companyIdOf(server(), 'acme');
      expect(await counter(server(), `pair:${company}:${email}:${attacker}`)).toBe(PARALLEL);
      // Only the five checked ones count against the account and the address.
      expect(await counter(server(), `account:${company}:${email}`)).toBe(THROTTLE.perPair);
      // Throttled from the attacker's address, correct password or not …
      expect((await login(server(), email, DEMO_PASSWORD, attacker)).statusCode).toBe(429);
      // … but not from the office's other address.
      expect((await login(server(), email, DEMO_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
    }, 120_000);

    it('never refuses a correct password for its address: the office first waits, then signs in with an e-mailed code', async () => {
      const office = '203.0.113.10';
      // Someone behind the office's address sprays passwords over many accounts, in parallel.
      const spray = await Promise.all(
        Array.from({ length: THROTTLE.addressProofAfter }, (_, index) =>
          login(server(), `guess${index}@acme.test`, 'password1', office),
        ),
      );
      expect(statusesOf(spray)).toEqual({ 401: THROTTLE.addressProofAfter });
      // The platform administrator and a colleague are behind the same address: not refused.
      const platform = await call(server(), 'POST', '/api/master/v1/auth/login', {
        body: { email: ACCOUNTS.platform, password: DEMO_PASSWORD },
        ip: office,
      });
      expect(platform.statusCode).toBe(401);
      expect(expectErrorShape(platform).message).toBe(CODE_MAILED_INSTEAD);
      const colleague = await login(server(), ACCOUNTS.acmeAdmin, DEMO_PASSWORD, office);
      expect(expectErrorShape(colleague, 401).message).toBe(CODE_MAILED_INSTEAD);
      // A wrong password gets the same answer and no mail: the guesser learns nothing.
      const guess = await login(server(), ACCOUNTS.teammate, 'password1', office);
      expect(expectErrorShape(guess, 401).message).toBe(CODE_MAILED_INSTEAD);
      expect(await mailsTo(server(), ACCOUNTS.teammate, 'Your Workplace sign-in code')).toEqual([]);

      const [mail] = await mailsTo(server(), ACCOUNTS.acmeAdmin, 'Your Workplace sign-in code');
      const code = /\b(\d{6})\b/.exec(mail!.text_body)![1]!;
      const signedIn = await call(server(), 'POST', '/api/company/v1/auth/temp-code', {
        subdomain: 'acme',
        body: { email: ACCOUNTS.acmeAdmin, code },
        ip: office,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toHaveProperty('access_token');
      // The other address of the office is not concerned.
      expect((await login(server(), ACCOUNTS.acmeAdmin, DEMO_PASSWORD, '203.0.113.11')).statusCode).toBe(200);
    }, 120_000);

    it('asks for an e-mailed code when one account fails from many addresses', async () => {
      const email = ACCOUNTS.reception;
      const answers = await Promise.all(
        Array.from({ length: THROTTLE.accountProofAfter }, (_, index) =>
          login(server(), email, `wrong-${index}`, `192.0.2.${index + 1}`),
        ),
      );
      expect(statusesOf(answers)).toEqual({ 401: THROTTLE.accountProofAfter });
      const owner = await login(server(), email, DEMO_PASSWORD, freshIp());
      expect(expectErrorShape(owner, 401).message).toBe(CODE_MAILED_INSTEAD);
      expect(await mailsTo(server(), email, 'Your Workplace sign-in code')).toHaveLength(1);
    }, 120_000);

    it(`${PARALLEL} parallel wrong sign-in codes check only five`, async () => {
      const ip = freshIp();
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, index) =>
          call(server(), 'POST', '/api/company/v1/auth/temp-code', {
            subdomain: 'acme',
            body: { email: ACCOUNTS.teammate, code: String(100_000 + index) },
            ip,
          }),
        ),
      );
      expect(statusesOf(answers)).toEqual({ 401: THROTTLE.perPair, 429: PARALLEL - THROTTLE.perPair });
    }, 120_000);

    it('password-forgot: at most three mails an hour per account and ten requests per address, in parallel too', async () => {
      const subject = 'Reset your Workplace password';
      const forAccount = await Promise.all(
        Array.from({ length: 20 }, () =>
          call(server(), 'POST', '/api/company/v1/auth/password-forgot', {
            subdomain: 'acme',
            body: { email: ACCOUNTS.teammate },
            ip: freshIp(),
          }),
        ),
      );
      expect(statusesOf(forAccount)).toEqual({ 200: 20 });
      expect(await mailsTo(server(), ACCOUNTS.teammate, subject)).toHaveLength(
        THROTTLE.mailsPerAccountPerHour,
      );

      const ip = freshIp();
      const fromAddress = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          call(server(), 'POST', '/api/company/v1/auth/password-forgot', {
            subdomain: 'acme',
            body: { email: `someone${index}@acme.test` },
            ip,
          }),
        ),
      );
      expect(statusesOf(fromAddress)).toEqual({
        200: THROTTLE.mailRequestsPerAddress,
        429: 30 - THROTTLE.mailRequestsPerAddress,
      });
      // A correct password from that address still signs in: asking for mails locks nobody out.
      expect((await login(server(), ACCOUNTS.employee, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    }, 120_000);
  },
  { config: { loginDelayMs: 1 } },
);
