import type { Kysely } from 'kysely';
import { can, type Action } from '../../../shared/permissions';
import { receivingDeskIds } from '../../../shared/permissions/scoped-access';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { receptionFactsOf, receptionRefusal } from '../../permissions/reception-desks';

/** Who may act as reception where (docs/visitors.md "Who does what"), for one action. */
export interface Reception {
  /** null when the caller may act at the desk, else what they are told */
  refusal(deskId: number): string | null;
  /** the caller acts as reception somewhere: a refusal is a 403 naming its rule, not a 404 */
  somewhere: boolean;
}

/** The caller's reception for `action` (receptionRefusal); `db`: the transaction when inside one. */
export async function receptionOf(
  ctx: ServiceContext,
  action: Action,
  db: Kysely<Database> = ctx.db,
): Promise<Reception> {
  const general = can(ctx.permissions ?? [], ['VISITOR_MANAGEMENT', action]);
  const facts = await receptionFactsOf(db, ctx.companyId, ctx.userId);
  return {
    refusal: (deskId) => receptionRefusal(facts, general, deskId, action),
    somewhere: general || receivingDeskIds(facts, action).length > 0,
  };
}

/** 403 with the rule unless the caller may act as reception at the desk. */
export async function assertReceives(
  ctx: ServiceContext,
  action: Action,
  deskId: number,
  db: Kysely<Database> = ctx.db,
): Promise<void> {
  const refusal = (await receptionOf(ctx, action, db)).refusal(deskId);
  if (refusal !== null) throw forbidden(refusal);
}

/** A host (MY_VISITORS) acts on the visitors they host or added, at any desk. */
export const isHost = (ctx: ServiceContext) => can(ctx.permissions ?? [], 'MY_VISITORS');
