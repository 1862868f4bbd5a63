import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { RealtimeEvent, RealtimeEventName } from '../../shared/contract/realtime';
import type { PermissionRequirement } from '../../shared/permissions';
import type { Database } from '../db/schema';

/** An event ready to deliver: to whom (one company, a permission) and what. */
export interface Delivery {
  companyId: number;
  permission: PermissionRequirement;
  /** these users receive it too, whatever they hold (the one who ordered a service) */
  userIds?: readonly number[];
  message: RealtimeEvent;
}

/**
 * Where events come from: a NOTIFY channel and how to read its payload. A module that announces a
 * change exports its source, and the composition root (app.ts) hands it to registerRealtimeRoutes;
 * the hub, the socket route and the client need nothing more.
 */
export interface RealtimeSource {
  channel: string;
  event: RealtimeEventName;
  read(db: Kysely<Database>, payload: unknown): Promise<Delivery | null>;
}

const Id = z.number().int().positive();

/** The schema this process's queries run in, read once per database. */
const ownSchemas = new WeakMap<object, Promise<string>>();
export function ownSchema(db: Kysely<Database>): Promise<string> {
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

/** What the plan stamp's trigger notifies (migration 0025): a company's levels or resources changed. */
export const PLAN_CHANNEL = 'plan_changed';
const PlanNotice = z.object({ company_id: Id, schema: z.string() });

/**
 * spec §4 'grid changed', to users who can open the booking grid (BOOKINGS, MY_BOOKINGS): the rows
 * or open hours of a grid may have changed (a resource added, moved or closed, a level's hours),
 * so an open grid reads itself again. Notices of another schema on the same server are not ours.
 */
export const gridChanged: RealtimeSource = {
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
