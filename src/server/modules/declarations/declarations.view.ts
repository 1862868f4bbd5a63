import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  canCancel,
  canCheckIn,
  canCheckOut,
  canExtend,
  type ApprovalStatus,
  type DeclarationStatus,
} from '../../../shared/booking/declaration-rules';
import type { Declaration } from '../../../shared/contract/declarations';
import { can } from '../../../shared/permissions';
import type { ServiceContext } from '../../context';
import { principalsFor } from '../delegations';
import type { Database } from '../../db/schema';
import { intArray, nameInUserLanguage } from './declarations.queries';

type Db = Kysely<Database>;

export interface DeclarationRow {
  id: number;
  resource_id: number;
  user_id: number;
  level_id: number;
  starts_at: Date;
  ends_at: Date;
  status: DeclarationStatus;
  approval_status: ApprovalStatus;
  subject: string;
  is_private: boolean;
  slot_type: Declaration['slot_type'];
  source: Declaration['source'];
  cost_cents: number | null;
  currency_code: string | null;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  created_at: Date;
  timezone: string;
  resource_name: string | null;
  host_name: string;
}

/** Bookings of the company with the names the user reads (theirs, else the company's language). */
export async function selectDeclarations(
  db: Db,
  ctx: ServiceContext,
  where: RawBuilder<unknown>,
): Promise<DeclarationRow[]> {
  const { rows } = await sql<DeclarationRow>`
    select d.id, d.resource_id, d.user_id, r.level_id, d.starts_at, d.ends_at, d.status,
      d.approval_status, d.subject, d.is_private, d.slot_type, d.source, d.cost_cents,
      cur.code as currency_code, d.checked_in_at, d.checked_out_at, d.created_at, l.timezone,
      ${nameInUserLanguage(ctx.companyId, ctx.userId, 'resource', sql`d.resource_id`)} as resource_name,
      btrim(h.first_name || ' ' || h.last_name) as host_name
    from declarations d
    join resources r on r.company_id = d.company_id and r.id = d.resource_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
    join users h on h.company_id = d.company_id and h.id = d.user_id
    left join currencies cur on cur.id = d.currency_id
    where d.company_id = ${ctx.companyId} and ${where}
    order by d.starts_at, d.id`.execute(db);
  return rows;
}

/** Each level with its ancestors, top first, named in the user's language. */
export async function levelChains(
  db: Db,
  ctx: ServiceContext,
  levelIds: readonly number[],
): Promise<Map<number, Array<{ id: number; name: string }>>> {
  const chains = new Map<number, Array<{ id: number; name: string; depth: number }>>();
  if (levelIds.length === 0) return new Map();
  const { rows } = await sql<{ start_id: number; id: number; depth: number; name: string | null }>`
    with recursive up as (
      select id as start_id, id, parent_id, 0 as depth from levels
      where company_id = ${ctx.companyId} and id = any(${intArray([...new Set(levelIds)])})
      union all
      select u.start_id, p.id, p.parent_id, u.depth + 1
      from levels p join up u on p.id = u.parent_id
      where p.company_id = ${ctx.companyId} and u.depth < 50
    )
    select up.start_id, up.id, up.depth,
      ${nameInUserLanguage(ctx.companyId, ctx.userId, 'level', sql`up.id`)} as name
    from up`.execute(db);
  for (const row of rows) {
    const chain = chains.get(row.start_id) ?? [];
    chain.push({ id: row.id, name: row.name ?? '', depth: row.depth });
    chains.set(row.start_id, chain);
  }
  return new Map(
    [...chains].map(([id, chain]) => [
      id,
      chain.sort((a, b) => b.depth - a.depth).map(({ id: levelId, name }) => ({ id: levelId, name })),
    ]),
  );
}

export const isHost = (ctx: ServiceContext, row: { user_id: number }) => row.user_id === ctx.userId;
/** spec §6 BOOKINGS: reading and changing other people's bookings. */
export const mayReadOthers = (ctx: ServiceContext) => can(ctx.permissions ?? [], ['BOOKINGS', 'read']);
export const mayChangeOthers = (ctx: ServiceContext) => can(ctx.permissions ?? [], ['BOOKINGS', 'update']);

interface ViewOptions {
  allParents?: boolean;
  now?: Date;
  /** the hosts among the rows whose bookings the viewer handles by delegation (delegatorsAmong) */
  delegators?: ReadonlySet<number>;
}

/**
 * The hosts of `rows` who delegated MY_BOOKINGS to the viewer: the viewer may cancel their bookings.
 * Read only when some row is someone else's and BOOKINGS update does not already decide.
 */
export async function delegatorsAmong(
  db: Db,
  ctx: ServiceContext,
  rows: ReadonlyArray<{ user_id: number }>,
): Promise<ReadonlySet<number>> {
  if (mayChangeOthers(ctx) || rows.every((row) => row.user_id === ctx.userId)) return new Set();
  return principalsFor(ctx, 'MY_BOOKINGS', db);
}

/** The answers, as the viewer may see them: a private booking's subject is its host's alone. */
export async function toDeclarations(
  db: Db,
  ctx: ServiceContext,
  rows: readonly DeclarationRow[],
  options: Omit<ViewOptions, 'delegators'> = {},
): Promise<Declaration[]> {
  const [chains, delegators] = await Promise.all([
    levelChains(
      db,
      ctx,
      rows.map((row) => row.level_id),
    ),
    delegatorsAmong(db, ctx, rows),
  ]);
  return rows.map((row) =>
    toDeclaration(ctx, row, chains.get(row.level_id) ?? [], { ...options, delegators }),
  );
}

/** One answer, its level's chain (levelChains) already read. */
export function toDeclaration(
  ctx: ServiceContext,
  row: DeclarationRow,
  chain: ReadonlyArray<{ id: number; name: string }>,
  options: ViewOptions = {},
): Declaration {
  const now = options.now ?? new Date();
  const host = isHost(ctx, row);
  const name = row.resource_name ?? '';
  return {
    id: row.id,
    resource: {
      id: row.resource_id,
      name,
      path: [...chain.map((level) => level.name), name].join(' / '),
    },
    level_id: row.level_id,
    ...(options.allParents ? { all_parents: [...chain] } : {}),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    timezone: row.timezone,
    status: row.status,
    approval_status: row.approval_status,
    cost:
      row.cost_cents === null || row.currency_code === null
        ? null
        : { cents: row.cost_cents, currency: row.currency_code },
    subject: row.is_private && !host ? '' : row.subject,
    is_private: row.is_private,
    slot_type: row.slot_type,
    source: row.source,
    host: { id: row.user_id, name: row.host_name },
    can_check_in: host && canCheckIn(row, now),
    can_check_out: host && canCheckOut(row, now),
    can_extend: host && canExtend(row, now),
    can_cancel:
      (host || mayChangeOthers(ctx) || (options.delegators?.has(row.user_id) ?? false)) &&
      canCancel(row, now),
    checked_in_at: row.checked_in_at?.toISOString() ?? null,
    checked_out_at: row.checked_out_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export async function declarationsByIds(
  db: Db,
  ctx: ServiceContext,
  ids: readonly number[],
): Promise<Declaration[]> {
  if (ids.length === 0) return [];
  return toDeclarations(db, ctx, await selectDeclarations(db, ctx, sql`d.id = any(${intArray(ids)})`));
}
