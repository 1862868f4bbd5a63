import { BOOKING_PREFERENCE_DEFAULTS } from '../../../shared/booking/preferences';
import { wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import {
  dayBounds,
  levelDay,
  levelInfo,
  planDayState,
  type BookingTarget,
  type HeldBooking,
  type LevelDay,
  type LevelInfo,
} from '../declarations';

/**
 * What the plan of a level on a date reads besides its bookings: the level, the resources below it
 * with their windows, closures, date capacities and roles. It changes rarely, so it is kept per
 * database, company, level and date, valid while the company's plan version (migration 0013) is
 * unchanged; each request then reads only that version, the user's preferences and roles and the
 * day's bookings, in one statement. Slots built from it are kept with it (`memo`): building a day's
 * slots is the costly part of the computation.
 */
export interface LevelTemplate {
  level: LevelInfo;
  date: string;
  read: Pick<LevelDay, 'targets' | 'windows' | 'closures' | 'capacities' | 'allowed'>;
  /** the levels holding its resources: the day's bookings are read by these */
  levelIds: number[];
  memo: Map<string, unknown>;
}

interface Cached {
  version: string;
  template: LevelTemplate;
}

const CACHED_DAYS_MAX = 200;
const cached = new WeakMap<object, Map<string, Cached>>();
/** The last template of each level, for its zone when no date is asked for (today there). */
const latest = new WeakMap<object, Map<string, Cached>>();

function remember(store: WeakMap<object, Map<string, Cached>>, db: object, key: string, entry: Cached) {
  const entries = store.get(db) ?? new Map<string, Cached>();
  entries.delete(key);
  if (entries.size >= CACHED_DAYS_MAX) entries.delete(entries.keys().next().value!);
  entries.set(key, entry);
  store.set(db, entries);
}

/** A level's plan for a date: its template, the user's preferences and roles, the bookings held. */
export interface PlanDay {
  template: LevelTemplate;
  preferences: Record<string, string | null>;
  mine: number[];
  held: HeldBooking[];
}

/**
 * The plan day of a level (`dateWanted`, else today in the level's zone), or the user's
 * preferences alone when the company has no such level. Inside a transaction the cache is neither
 * read nor filled: the transaction may see, or have made, changes others do not.
 */
export async function loadPlanDay(
  ctx: ServiceContext,
  levelId: number,
  dateWanted: string | undefined,
  now: Date,
): Promise<PlanDay | { template: null; preferences: Record<string, string | null> }> {
  const keys = Object.keys(BOOKING_PREFERENCE_DEFAULTS);
  const useCache = !ctx.db.isTransaction;
  const levelKey = `${ctx.companyId}:${levelId}`;
  const known = useCache ? latest.get(ctx.db)?.get(levelKey) : undefined;
  const date = dateWanted ?? (known ? wallClockAt(now, known.template.level.timezone).date : undefined);
  const hit = date === undefined ? undefined : cached.get(ctx.db)?.get(`${levelKey}:${date}`);
  if (useCache && hit) {
    const { start, end } = dayBounds(hit.template.date, hit.template.level.timezone);
    const state = await planDayState(ctx.db, ctx, keys, { levelIds: hit.template.levelIds, start, end });
    if (state.version === hit.version)
      return { template: hit.template, preferences: state.preferences, mine: state.mine, held: state.held! };
  }
  // The version is read before what it stamps: a change in between only makes the next request read again.
  const state = await planDayState(ctx.db, ctx, keys, null);
  const level = await levelInfo(ctx.db, ctx.companyId, levelId);
  if (!level) return { template: null, preferences: state.preferences };
  const day = dateWanted ?? wallClockAt(now, level.timezone).date;
  const read = await levelDay(ctx.db, ctx, level.id, { date: day, ...dayBounds(day, level.timezone) });
  const template: LevelTemplate = {
    level,
    date: day,
    read,
    levelIds: [...new Set(read.targets.map((target: BookingTarget) => target.level_id))],
    memo: new Map(),
  };
  if (useCache && state.version !== null) {
    const entry = { version: state.version, template };
    remember(cached, ctx.db, `${levelKey}:${day}`, entry);
    remember(latest, ctx.db, levelKey, entry);
  }
  return { template, preferences: state.preferences, mine: state.mine, held: read.held };
}

/** A value computed once per template (slots, openings, minutes), under a key naming its inputs. */
export function memoized<T>(template: LevelTemplate, key: string, build: () => T): T {
  if (template.memo.has(key)) return template.memo.get(key) as T;
  const value = build();
  template.memo.set(key, value);
  return value;
}
