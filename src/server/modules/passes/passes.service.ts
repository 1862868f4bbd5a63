import { sql } from 'kysely';
import { canRevoke, passStatus, showsQrCode } from '../../../shared/booking/pass-status';
import {
  actionsScreen,
  spacePassQrCodePath,
  type SpacePass,
  type SpacePassList,
} from '../../../shared/contract/passes';
import type { ServiceContext } from '../../context';
import { can } from '../../../shared/permissions';
import { conflict, forbidden, notFound } from '../../http/errors';
import { qrSvg } from '../qr-codes';
import { insertRevocation, LIVE, lockBooking, selectPasses, type PassRow } from './passes.queries';

/** The company's origin, for the address a pass's QR code carries. */
export type PassContext = ServiceContext & { origin: string };

export const MESSAGES = {
  notFound: 'This pass was not found.',
  onlyHolder: 'Only the holder of this pass may revoke it.',
  notRevocable: 'This pass is over already and cannot be revoked.',
  noQrCode: 'This pass has no QR code: it does not prove a booking now.',
  onlyHolderQrCode: 'Only the holder of this pass can show its QR code.',
};

function toPass(ctx: PassContext, row: PassRow, now: Date): SpacePass {
  const status = passStatus(row, now);
  return {
    id: row.id,
    declaration_id: row.id,
    status,
    declaration_status: row.status,
    approval_status: row.approval_status,
    resource: { id: row.resource_id, name: row.resource_name, type: row.resource_type },
    levels: (JSON.parse(row.levels) as Array<[number, string]>).map(([id, name]) => ({ id, name })),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    timezone: row.timezone,
    holder: { id: row.user_id, name: row.holder_name },
    revoked_at: row.revoked_at?.toISOString() ?? null,
    qr_code_url: showsQrCode(status) && row.user_id === ctx.userId ? spacePassQrCodePath(row.id) : null,
    actions_url: `${ctx.origin}${actionsScreen(row.id)}`,
  };
}

/**
 * Ours: a pass is personal. The list is always the caller's own. One pass may also be read by
 * whoever may read other people's bookings (spec §6 BOOKINGS read: reception checking a pass at
 * the door), the same rule as GET declarations/{id}, and revoked by whoever may change them
 * (BOOKINGS update), the same rule as cancelling.
 */
const may = (ctx: PassContext, action: 'read' | 'update') => can(ctx.permissions ?? [], ['BOOKINGS', action]);

async function visibleRow(db: PassContext['db'], ctx: PassContext, id: number): Promise<PassRow> {
  const holderId = may(ctx, 'read') ? null : ctx.userId;
  const [row] = await selectPasses(db, { ...ctx, holderId }, sql`d.id = ${id}`);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

/** GET space-passes: the caller's own passes that are not over, soonest first (today's come first). */
export async function listPasses(ctx: PassContext, now = new Date()): Promise<SpacePassList> {
  const rows = await selectPasses(ctx.db, { ...ctx, holderId: ctx.userId }, LIVE(now));
  return { data: rows.map((row) => toPass(ctx, row, now)) };
}

/** GET space-passes/{id}: a pass in any state (an old link says what became of it). */
export async function getPass(ctx: PassContext, id: number, now = new Date()): Promise<SpacePass> {
  return toPass(ctx, await visibleRow(ctx.db, ctx, id), now);
}

/** DELETE space-passes/{id}: withdraws the proof; the booking is left as it is. */
export async function revokePass(ctx: PassContext, id: number, now = new Date()): Promise<SpacePass> {
  await ctx.db.transaction().execute(async (tx) => {
    await lockBooking(tx, ctx.companyId, id);
    const row = await visibleRow(tx, ctx, id);
    if (row.user_id !== ctx.userId && !may(ctx, 'update')) throw forbidden(MESSAGES.onlyHolder);
    if (!canRevoke(passStatus(row, now))) throw conflict(MESSAGES.notRevocable);
    await insertRevocation(tx, { companyId: ctx.companyId, declarationId: id, userId: ctx.userId, now });
  });
  return getPass(ctx, id, now);
}

/**
 * GET space-passes/{id}/qr-code: the pass's QR code as an SVG. It carries the booking's actions
 * address, not a secret: the screen works only for a signed-in user allowed to see the booking,
 * so a photographed pass gives nothing away. Still, the code is what the holder shows at the door:
 * whoever may read other people's passes reads them, but never gets their QR codes (issue 37).
 */
export async function passQrCode(ctx: PassContext, id: number, now = new Date()): Promise<string> {
  const pass = await getPass(ctx, id, now);
  if (pass.holder.id !== ctx.userId) throw forbidden(MESSAGES.onlyHolderQrCode);
  if (!showsQrCode(pass.status)) throw notFound(MESSAGES.noQrCode);
  return qrSvg(pass.actions_url);
}
