import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { InitialResponse } from '../../../shared/contract/auth';
import type { AcceptInvitationBody, InvitationCheck } from '../../../shared/contract/users';
import { randomToken } from '../../auth/codes';
import { checkNewPassword, storePassword } from '../../auth/set-password';
import type { AppDeps, PublicContext } from '../../context';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { signIn } from '../auth';

/** Long enough for someone back from a week away; the administrator can send a new one. */
export const INVITATION_TTL_DAYS = 14;
export const INVALID_INVITATION =
  'This invitation is invalid or has expired. Ask your administrator for a new one.';

type Deps = Pick<AppDeps, 'codes' | 'mailer' | 'originOf'>;

interface Invitee {
  id: number;
  email: string;
  first_name: string;
}

/**
 * Queues the invitation mail (the outbox, then SMTP when configured) in the caller's transaction:
 * a link to /accept-invitation that sets the first password and signs in. Earlier links close.
 */
export async function sendInvitation(
  tx: Kysely<Database>,
  deps: Deps,
  company: { id: number; name: string; subdomain: string },
  user: Invitee,
  /** null when a platform administrator creates the company and its first administrator */
  invitedBy: number | null,
): Promise<void> {
  const token = randomToken();
  await closeInvitations(tx, company.id, user.id);
  await tx
    .insertInto('user_invitations')
    .values({
      company_id: company.id,
      user_id: user.id,
      token_hash: deps.codes.digest('invitation', token),
      invited_by: invitedBy,
      expires_at: sql<Date>`now() + make_interval(days => ${INVITATION_TTL_DAYS})`,
    })
    .execute();
  const link = `${deps.originOf(company.subdomain)}/accept-invitation?token=${encodeURIComponent(token)}`;
  const greeting = user.first_name ? `Hello ${user.first_name},` : 'Hello,';
  await deps.mailer.queue(
    {
      companyId: company.id,
      to: user.email,
      subject: `You are invited to ${company.name} on Workplace`,
      text:
        `${greeting}\n\n${company.name} has created a Workplace account for ${user.email}.\n\n` +
        `To choose your password and sign in, open this link within ${INVITATION_TTL_DAYS} days:\n${link}\n\n` +
        `If you did not expect this mail, ignore it.\n`,
    },
    tx,
  );
}

async function closeInvitations(db: Kysely<Database>, companyId: number, userId: number) {
  await db
    .updateTable('user_invitations')
    .set({ used_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

function findUsable(db: Kysely<Database>, companyId: number, tokenHash: string) {
  return db
    .selectFrom('user_invitations as i')
    .innerJoin('users as u', (join) =>
      join.onRef('u.company_id', '=', 'i.company_id').onRef('u.id', '=', 'i.user_id'),
    )
    .select(['i.id', 'u.id as user_id', 'u.email', 'u.first_name'])
    .where('i.company_id', '=', companyId)
    .where('i.token_hash', '=', tokenHash)
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`);
}

function companyOf(ctx: PublicContext) {
  if (ctx.tenant.area !== 'company') throw notFound(INVALID_INVITATION);
  return ctx.tenant.company;
}

/** GET auth/invitation/{token}: whom the link is for, while it is usable. */
export async function checkInvitation(
  ctx: PublicContext,
  deps: Deps,
  token: string,
): Promise<InvitationCheck> {
  const company = companyOf(ctx);
  const found = await findUsable(
    ctx.db,
    company.id,
    deps.codes.digest('invitation', token),
  ).executeTakeFirst();
  if (!found) throw notFound(INVALID_INVITATION);
  return { email: found.email, first_name: found.first_name, company: company.name };
}

/**
 * POST auth/invitation: sets the first password once, closes the link and signs the person in,
 * answering as a login with includes=all does.
 */
export async function acceptInvitation(
  ctx: PublicContext,
  deps: Deps & Parameters<typeof signIn>[1],
  body: AcceptInvitationBody,
): Promise<InitialResponse> {
  const company = companyOf(ctx);
  const passwordHash = await checkNewPassword(body.password);
  const userId = await ctx.db.transaction().execute(async (tx) => {
    const found = await findUsable(tx, company.id, deps.codes.digest('invitation', body.token))
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw notFound(INVALID_INVITATION);
    await storePassword(tx, found.user_id, passwordHash);
    await closeInvitations(tx, company.id, found.user_id);
    return found.user_id;
  });
  return signIn(ctx, deps, { id: userId, company_id: company.id }, true);
}
