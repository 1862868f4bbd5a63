import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { DECLARATION_CHANGE_ACTIONS } from '../../../shared/contract/realtime';
import type { Database } from '../../db/schema';
import { ownSchema, type Delivery, type RealtimeSource } from '../../realtime/sources';

type Db = Kysely<Database>;

/** spec §4 'declaration changed': fanned out to every server process by LISTEN/NOTIFY. */
export const DECLARATION_CHANNEL = 'declaration_changed';

export interface DeclarationChange {
  action: 'created' | 'cancelled' | 'checked_in' | 'checked_out' | 'extended' | 'released' | 'approval';
  id: number;
  company_id: number;
  resource_id: number;
  level_id: number;
  /**
   * What a listener would otherwise read back (ISO instants, the level and its ancestors top first),
   * when the notifier knows it, with the schema that wrote it: a listener trusts these only from its
   * own schema (databases sharing a server's channels).
   */
  known?: { starts_at: string; ends_at: string; level_ids: number[]; schema: string };
}

/**
 * Inside the changing transaction: delivered only when it commits, with the schema that wrote it
 * (`schema`): schemas of one database share its channels, and a listener reads only its own.
 */
export async function notifyChanged(db: Db, change: DeclarationChange): Promise<void> {
  await sql`select pg_notify(${DECLARATION_CHANNEL},
    (${JSON.stringify(change)}::jsonb || jsonb_build_object('schema', current_schema()))::text)`.execute(db);
}

const Id = z.number().int().positive();

/** What the declarations module notifies (notifyChanged, insertBooking, book_declarations, auto-release). */
const DeclarationNotice = z.object({
  /** the schema that wrote it (notifyChanged, auto-release; a new booking names it in `known`) */
  schema: z.string().optional(),
  action: z.enum(DECLARATION_CHANGE_ACTIONS),
  id: Id,
  company_id: Id,
  resource_id: Id,
  level_id: Id,
  known: z
    .object({
      starts_at: z.iso.datetime(),
      ends_at: z.iso.datetime(),
      level_ids: z.array(Id),
      schema: z.string(),
    })
    .optional(),
});
// The notice is read as this module writes it: a change to DeclarationChange fails to compile here.
DeclarationNotice satisfies z.ZodType<DeclarationChange>;

/**
 * spec §4 'declaration changed', to users who can see the plan or the bookings, with the time range and the level's
 * ancestors, so a screen showing a site refreshes for a booking on one of its floors and a day view
 * for its day. A notice that carries them (a new booking) is delivered as it is when it comes from
 * this process's schema; otherwise they are read here, within the notice's company.
 */
export const declarationChanged: RealtimeSource = {
  channel: DECLARATION_CHANNEL,
  event: 'declaration_changed',
  async read(db, payload) {
    const notice = DeclarationNotice.safeParse(payload);
    if (!notice.success) return null;
    const { action, id, company_id: companyId, resource_id, level_id, known } = notice.data;
    // Another schema's booking: its id may name another booking here.
    const from = notice.data.schema ?? known?.schema;
    if (from !== undefined && from !== (await ownSchema(db))) return null;
    const delivery = (range: { starts_at: string; ends_at: string }, levelIds: number[]): Delivery => ({
      companyId,
      // the plan's screens, the bookings' list and grid, and the cockpit's figures alike
      permission: 'PLAN,BOOKINGS,MY_BOOKINGS,COCKPIT',
      message: {
        type: 'event',
        event: 'declaration_changed',
        data: {
          action,
          declaration_id: id,
          resource_id,
          level_ids: levelIds,
          starts_at: range.starts_at,
          ends_at: range.ends_at,
        },
      },
    });
    if (known) return delivery(known, known.level_ids);
    const { rows } = await sql<{ starts_at: Date; ends_at: Date; level_ids: number[] | null }>`
      with recursive ancestors(id, parent_id, depth) as (
        select l.id, l.parent_id, 0 from levels l where l.company_id = ${companyId} and l.id = ${level_id}
        union all
        select l.id, l.parent_id, a.depth + 1 from levels l
        join ancestors a on l.id = a.parent_id
        where l.company_id = ${companyId}
      )
      select d.starts_at, d.ends_at,
        (select array_agg(a.id order by a.depth desc) from ancestors a) as level_ids
      from declarations d
      where d.company_id = ${companyId} and d.id = ${id}`.execute(db);
    const row = rows[0];
    // Gone: nothing to announce.
    if (!row) return null;
    return delivery(
      { starts_at: new Date(row.starts_at).toISOString(), ends_at: new Date(row.ends_at).toISOString() },
      row.level_ids ?? [level_id],
    );
  },
};
