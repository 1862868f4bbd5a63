import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  DECLARATION_CHANGE_ACTIONS,
  type RealtimeEvent,
  type RealtimeEventName,
} from '../../shared/contract/realtime';
import type { PermissionRequirement } from '../../shared/permissions';
import type { Database } from '../db/schema';
import { DECLARATION_CHANNEL, type DeclarationChange } from '../modules/declarations/declarations.queries';
import { CONNECTORS_CHANNEL, readConnectorsNotice } from '../modules/connectors';

/** An event ready to deliver: to whom (one company, a permission) and what. */
export interface Delivery {
  companyId: number;
  permission: PermissionRequirement;
  message: RealtimeEvent;
}

/**
 * Where events come from: a NOTIFY channel and how to read its payload. A module that announces a
 * change adds a source here; the hub, the socket route and the client need nothing more.
 */
export interface RealtimeSource {
  channel: string;
  event: RealtimeEventName;
  read(db: Kysely<Database>, payload: unknown): Promise<Delivery | null>;
}

const Id = z.number().int().positive();

/** What the declarations module notifies (declarations.queries notifyChanged, auto-release). */
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
// The notice is read as the declarations module writes it: a change there fails to compile here.
DeclarationNotice satisfies z.ZodType<DeclarationChange>;

/** The schema this process's queries run in, read once per database. */
const ownSchemas = new WeakMap<object, Promise<string>>();
function ownSchema(db: Kysely<Database>): Promise<string> {
  let schema = ownSchemas.get(db);
  if (!schema) {
    schema = sql<{ schema: string }>`select current_schema() as schema`
      .execute(db)
      .then(({ rows }) => rows[0]!.schema);
    schema.catch(() => ownSchemas.delete(db));
    ownSchemas.set(db, schema);
  }
  return schema;
}

/**
 * spec §4 'declaration changed', to users who can see the plan or the bookings, with the time range and the level's
 * ancestors, so a screen showing a site refreshes for a booking on one of its floors and a day view
 * for its day. A notice that carries them (a new booking) is delivered as it is when it comes from
 * this process's schema; otherwise they are read here, within the notice's company.
 */
const declarationChanged: RealtimeSource = {
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
      // the plan's screens and the bookings' list and grid alike
      permission: 'PLAN,BOOKINGS,MY_BOOKINGS',
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

/** What the plan stamp's trigger notifies (migration 0025): a company's levels or resources changed. */
export const PLAN_CHANNEL = 'plan_changed';
const PlanNotice = z.object({ company_id: Id, schema: z.string() });

/**
 * spec §4 'grid changed', to users who can open the booking grid (BOOKINGS, MY_BOOKINGS): the rows
 * or open hours of a grid may have changed (a resource added, moved or closed, a level's hours),
 * so an open grid reads itself again. Notices of another schema on the same server are not ours.
 */
const gridChanged: RealtimeSource = {
  channel: PLAN_CHANNEL,
  event: 'grid_changed',
  async read(db, payload) {
    const notice = PlanNotice.safeParse(payload);
    if (!notice.success || notice.data.schema !== (await ownSchema(db))) return null;
    return {
      companyId: notice.data.company_id,
      permission: 'BOOKINGS,MY_BOOKINGS',
      message: { type: 'event', event: 'grid_changed', data: {} },
    };
  },
};

/** spec §4 'connectors changed', to users who may read the connectors (CONNECTORS). */
const connectorsChanged: RealtimeSource = {
  channel: CONNECTORS_CHANNEL,
  event: 'connectors_changed',
  async read(db, payload) {
    const notice = await readConnectorsNotice(db, payload);
    if (!notice) return null;
    return {
      companyId: notice.companyId,
      permission: ['CONNECTORS', 'read'],
      message: { type: 'event', event: 'connectors_changed', data: notice.data },
    };
  },
};

export const REALTIME_SOURCES: readonly RealtimeSource[] = [
  declarationChanged,
  gridChanged,
  connectorsChanged,
];
