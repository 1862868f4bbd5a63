import type { DocumentVersion } from '../../../shared/contract/company-documents';
import type { KioskCheckInBody, KioskDesk, KioskWelcome } from '../../../shared/contract/visitors';
import type { PublicContext } from '../../context';
import { take } from '../../auth/login-throttle';
import { KIOSK_ACTIONS, type KioskAction } from '../../../shared/devices/devices';
import { conflict, notFound, tooManyRequests } from '../../http/errors';
import { currentVisitorDocuments, recordVisitAcceptances } from '../company-documents';
import { templateFor } from '../devices';
import { deskRows } from '../reception-desks';
import { alertReception, blockedAmong } from './block-list';
import { setStatus, type Deps } from './visits.service';
import { visitRows, type VisitRow } from './visitors.queries';

/**
 * spec §2 public /reception-desk/{code}: the self-registration kiosk. It reaches its desk by the
 * desk's code alone, sees only that desk's visits of today, never lists visitors, and is rate-limited.
 */
export const KIOSK_NOT_FOUND = 'Not found.';
export const KIOSK_NOT_OFFERED = 'This kiosk does not offer this.';
export const VISIT_UNKNOWN = 'We could not find your visit. Please ask at the reception desk.';
/** per kiosk address and client address, per minute: a tablet used all day stays far below */
export const KIOSK_LIMIT = { reads: 60, checkIns: 20 } as const;

async function throttle(ctx: PublicContext, key: string, limit: number) {
  const counted = (await take(ctx.db, [key], 60)).get(key)!;
  if (counted.count > limit)
    throw tooManyRequests('Too many requests. Try again in a minute.', counted.secondsLeft);
}

/**
 * What the desk's device template (or the company's default kiosk template) makes of the kiosk;
 * without one, the kiosk offers everything in the theme's brand colour.
 */
async function kioskLook(ctx: PublicContext, companyId: number, templateId: number | null) {
  const template = await templateFor(ctx.db, companyId, 'RECEPTION_DESK', templateId);
  return {
    accent: template?.accent ?? 'brand',
    actions: (template?.actions ?? KIOSK_ACTIONS).filter((action): action is KioskAction =>
      (KIOSK_ACTIONS as readonly string[]).includes(action),
    ),
    languageId: template?.language_id ?? null,
  };
}

async function deskOf(ctx: PublicContext, code: string, ip: string, limit: number, action?: KioskAction) {
  if (ctx.tenant.area !== 'company') throw notFound(KIOSK_NOT_FOUND);
  await throttle(ctx, `kiosk:${code.slice(0, 64)}:${ip}`, limit);
  const companyId = ctx.tenant.company.id;
  const desk = await ctx.db
    .selectFrom('reception_desks')
    .select(['id', 'language_id', 'device_template_id'])
    .where('company_id', '=', companyId)
    .where('kiosk_code', '=', code)
    .executeTakeFirst();
  if (!desk) throw notFound(KIOSK_NOT_FOUND);
  const look = await kioskLook(ctx, companyId, desk.device_template_id);
  if (action && !look.actions.includes(action)) throw conflict(KIOSK_NOT_OFFERED);
  // the desk's own language first, then its template's, then the company's
  return { companyId, deskId: desk.id, languageId: desk.language_id ?? look.languageId, look };
}

/** GET reception-desk/{code}: the desk's name and language, and the documents a visitor accepts. */
export async function kioskDesk(ctx: PublicContext, code: string, ip: string): Promise<KioskDesk> {
  const { companyId, deskId, languageId, look } = await deskOf(ctx, code, ip, KIOSK_LIMIT.reads);
  const [row] = await deskRows(ctx.db, companyId, languageId, deskId);
  const locale =
    row!.language_id === null && languageId !== null
      ? ((
          await ctx.db
            .selectFrom('languages')
            .select('locale')
            .where('id', '=', languageId)
            .executeTakeFirst()
        )?.locale ?? row!.locale)
      : row!.locale;
  return {
    name: row!.name,
    locale,
    accent: look.accent,
    actions: look.actions,
    working_hours_from: row!.working_hours_from,
    working_hours_to: row!.working_hours_to,
    documents: await currentVisitorDocuments(ctx.db, companyId, row!.locale.split(/[-_]/)[0]!.toLowerCase()),
  };
}

/**
 * A listed address (block-list.ts) is told what a visitor without a visit is told, and the desk's
 * reception is alerted.
 */
async function refuseListed(ctx: PublicContext, companyId: number, deskId: number, email: string) {
  if ((await blockedAmong(ctx.db, companyId, [email])).size === 0) return;
  await alertReception(ctx.db, companyId, deskId, 'kiosk');
  throw notFound(VISIT_UNKNOWN);
}

async function welcome(
  ctx: PublicContext,
  deps: Deps,
  companyId: number,
  row: VisitRow | undefined,
  accepted: readonly DocumentVersion[],
) {
  if (!row || !['expected', 'no_show'].includes(row.status)) throw notFound(VISIT_UNKNOWN);
  await refuseListed(ctx, companyId, row.reception_desk_id, row.visitor_email);
  await ctx.db.transaction().execute(async (tx) => {
    await recordVisitAcceptances(tx, companyId, row.id, accepted);
    await setStatus({ companyId }, tx, deps, row, 'checked_in');
  });
  return { first_name: row.visitor_first_name, host_name: row.host_name } satisfies KioskWelcome;
}

/** POST reception-desk/{code}/scan: checks in today's visit whose invitation code was scanned. */
export async function kioskScan(
  ctx: PublicContext,
  deps: Deps,
  code: string,
  ip: string,
  visitCode: string,
  accepted: readonly DocumentVersion[] = [],
): Promise<KioskWelcome> {
  const { companyId, deskId, languageId } = await deskOf(ctx, code, ip, KIOSK_LIMIT.checkIns, 'scan');
  const [row] = await visitRows(ctx.db, companyId, languageId, {
    deskId,
    group: 'today',
    code: visitCode.trim(),
  });
  return welcome(ctx, deps, companyId, row, accepted);
}

/** POST reception-desk/{code}/check-in: by name and e-mail, for a visitor without the QR code. */
export async function kioskCheckIn(
  ctx: PublicContext,
  deps: Deps,
  code: string,
  ip: string,
  body: KioskCheckInBody,
): Promise<KioskWelcome> {
  const { companyId, deskId, languageId } = await deskOf(ctx, code, ip, KIOSK_LIMIT.checkIns, 'typed');
  await refuseListed(ctx, companyId, deskId, body.email);
  const rows = await visitRows(ctx.db, companyId, languageId, {
    deskId,
    group: 'today',
    visitorEmail: body.email.trim(),
  });
  const lastName = body.last_name.trim().toLowerCase();
  const row = rows.find(
    (candidate) =>
      ['expected', 'no_show'].includes(candidate.status) &&
      candidate.visitor_name.toLowerCase().endsWith(lastName),
  );
  return welcome(ctx, deps, companyId, row, body.accepted_documents ?? []);
}
