import type { Kysely } from 'kysely';
import type { Closure } from '../../../shared/time/slots';
import { wallClockAt } from '../../../shared/time/zone';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/schema';
import { dayBounds } from './availability';
import type { BookingContext } from './booking-context.queries';
import { COMPANIES_KEPT, keep, keepDay, keepLevel, touchLevel, USERS_KEPT } from './booking-memory.bounds';
import {
  companyMemory,
  dayClosures,
  levelMemory,
  sameStamps,
  userMemory,
  type CompanyMemory,
  type LevelMemory,
  type Read,
} from './booking-memory.queries';

type Db = Kysely<Database>;

/*
 * What creating a booking reads (bookingContext), kept in memory per database and company so that
 * a booking costs one statement: the write (book_declarations) checks that the company's plan stamp
 * (0013) and booking stamp (0029) are still those this memory was read at, and the caller's session
 * still live, and answers 'stale' otherwise; the caller then reads everything afresh
 * (declarations.create.ts). Kept per company: where each resource is (its level and zone), per level
 * what the level's resources are with their windows, roles, prices and names in every language, and
 * per day their closures, and per user their preferences, roles and name. A part read at other stamps
 * than the rest makes the company's memory start again. A part being read is read once: the requests
 * that want it meanwhile wait for that read.
 */

const NO_CLOSURES: Closure[] = [];

const memories = new WeakMap<object, Map<number, CompanyMemory>>();

/** nameInUserLanguage's choice: the user's language, else the company's, else the first there is. */
function nameIn(names: ReadonlyArray<[number, string]>, userLanguage: number, companyLanguage: number) {
  let best: [number, string] | undefined;
  const rank = ([language]: [number, string]) =>
    language === userLanguage ? 0 : language === companyLanguage ? 1 : 2;
  for (const entry of names)
    if (!best || rank(entry) < rank(best) || (rank(entry) === rank(best) && entry[0] < best[0])) best = entry;
  return best?.[1] ?? null;
}

/** `start()`, once for whoever asks for `key` while it is under way. */
function once<K, V>(reads: Map<K, Promise<V>>, key: K, start: () => Promise<V>): Promise<V> {
  let reading = reads.get(key);
  if (!reading) {
    reading = start().finally(() => reads.delete(key));
    reads.set(key, reading);
  }
  return reading;
}

const companyReads = new WeakMap<object, Map<number, Promise<CompanyMemory | null>>>();

/** companyMemory, read once for whoever asks while it is under way. */
function companyMemoryOnce(db: Db, companyId: number): Promise<CompanyMemory | null> {
  let reads = companyReads.get(db);
  if (!reads) companyReads.set(db, (reads = new Map()));
  return once(reads, companyId, () => companyMemory(db, companyId));
}

/**
 * What `kept` answers from the company's memory; when it answers nothing yet, the part is read (once
 * for whoever asks while that read is under way) and kept with `keepIt` if it was read at the
 * memory's stamps. Null when it was not: the memory is then to be forgotten.
 */
async function keptOrRead<T>(
  memory: CompanyMemory,
  key: string,
  kept: () => T | undefined,
  read: () => Promise<Read<T>>,
  keepIt: (value: T) => void,
): Promise<T | null> {
  const known = kept();
  if (known) return known;
  const keptNow = await once(memory.reading, key, async () => {
    const { stamps, value } = await read();
    if (!sameStamps(memory, stamps) || value === null) return false;
    keepIt(value);
    return true;
  });
  return keptNow ? (kept() ?? null) : null;
}

/**
 * The booking context of a resource for bookings within one day of its zone, from memory (reading
 * what is not kept yet), as bookingContext would read it at the stamps it carries; null when the
 * memory cannot answer for the company's booking stamp the caller's session was read at (or the
 * resource is unknown, or the instants span several days): the caller reads afresh.
 */
export async function contextFromMemory(
  ctx: ServiceContext,
  resourceId: number,
  instants: readonly Date[],
  bookingVersion: string | null,
): Promise<BookingContext | null> {
  if (bookingVersion === null || ctx.db.isTransaction) return null;
  let companies = memories.get(ctx.db);
  if (!companies) memories.set(ctx.db, (companies = new Map()));
  let memory = companies.get(ctx.companyId);
  if (memory && memory.bookingVersion !== bookingVersion) {
    companies.delete(ctx.companyId);
    memory = undefined;
  }
  if (!memory) {
    const read = await companyMemoryOnce(ctx.db, ctx.companyId);
    if (!read || read.bookingVersion !== bookingVersion) return null;
    memory =
      companies.get(ctx.companyId) === read ? read : keep(companies, ctx.companyId, read, COMPANIES_KEPT);
  }
  const where = memory.whereIs.get(resourceId);
  if (!where) return null;
  const [levelId, timeZone] = where;
  const date = wallClockAt(instants[0]!, timeZone).date;
  const { start, end } = dayBounds(date, timeZone);
  if (instants.some((instant) => instant < start || instant > end)) return null;

  const known = memory;
  const level = await keptOrRead(
    known,
    `level:${levelId}`,
    () => known.levels.get(levelId),
    () => levelMemory(ctx.db, ctx.companyId, levelId),
    (read) => keepLevel(ctx.db, known, levelId, read),
  );
  if (!level) return forget(companies, ctx.companyId, known);
  touchLevel(ctx.db, level);
  const closures = await keptOrRead(
    known,
    `day:${levelId}:${date}`,
    () => level.days.get(date),
    () => dayClosures(ctx.db, ctx.companyId, levelId, date, timeZone),
    (read) => keepDay(ctx.db, level, date, read),
  );
  if (!closures) return forget(companies, ctx.companyId, known);
  const user = await keptOrRead(
    known,
    `user:${ctx.userId}`,
    () => known.users.get(ctx.userId),
    () => userMemory(ctx.db, ctx.companyId, ctx.userId),
    (read) => keep(known.users, ctx.userId, read, USERS_KEPT),
  );
  if (!user) return forget(companies, ctx.companyId, known);
  const resource = level.resources.get(resourceId);
  if (!resource) return null;
  const language = user.languageId;
  return {
    target: { id: resourceId, level_id: levelId, ...resource.target, ...level.level },
    roles: { allowed: resource.allowed, mine: user.mine },
    windows: resource.windows,
    closures: closures.get(resourceId) ?? NO_CLOSURES,
    price: resource.price,
    name: nameIn(resource.names, language, memory.languageId),
    preferences: user.preferences,
    chain: chainIn(level, language, memory.languageId),
    hostName: user.name,
    planVersion: memory.planVersion,
    bookingVersion: memory.bookingVersion,
  };
}

function chainIn(kept: LevelMemory, language: number, companyLanguage: number): BookingContext['chain'] {
  const key = `${language}:${companyLanguage}`;
  let chain = kept.chainIn.get(key);
  if (!chain) {
    chain = kept.chain.map((level) => ({
      id: level.id,
      name: nameIn(level.names, language, companyLanguage) ?? '',
    }));
    kept.chainIn.set(key, chain);
  }
  return chain;
}

/** Forgets the company's memory, unless another has taken its place meanwhile. */
function forget(companies: Map<number, CompanyMemory>, companyId: number, memory: CompanyMemory): null {
  if (companies.get(companyId) === memory) companies.delete(companyId);
  return null;
}

/** After the write found the memory stale: the company's is read afresh next time. */
export function forgetCompanyMemory(db: object, companyId: number): void {
  memories.get(db)?.delete(companyId);
}
