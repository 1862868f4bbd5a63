import type { Kysely } from 'kysely';
import { randomSixDigits } from '../../auth/codes';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { insertTempCode, type Account } from './auth.queries';

export const CODE_TTL_SECONDS = 10 * 60;

/** Stores a six-digit sign-in code (as its digest) and queues the mail carrying it, in one transaction. */
export async function mailSignInCode(
  db: Kysely<Database>,
  deps: Pick<AppDeps, 'codes' | 'mailer'>,
  account: Account,
): Promise<void> {
  const code = randomSixDigits();
  await db.transaction().execute(async (tx) => {
    await insertTempCode(tx, account, deps.codes.digest('temp-code', code), CODE_TTL_SECONDS);
    await deps.mailer.queue(
      {
        companyId: account.company_id,
        to: account.email,
        subject: 'Your Workplace sign-in code',
        text: `Your sign-in code is ${code}. It is valid for ten minutes and can be used once.\n\nIf you did not ask for it, ignore this mail.\n`,
      },
      tx,
    );
  });
}
