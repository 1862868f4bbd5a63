import type { Closure } from '../../../shared/time/slots';
import type { CompanyMemory, LevelMemory } from './booking-memory.queries';

// Bounds: companies and users by count, days of closures per level by count; levels by the
// resources and the kept days' closures they hold, across every company of a database (a level of
// 2,000 desks is about a megabyte).
export const COMPANIES_KEPT = 50;
export const USERS_KEPT = 5_000;
const DAYS_KEPT = 100;
const LEVEL_ENTRIES_KEPT = 100_000;

interface Budget {
  total: number;
  /** every level kept, least recently used first, with its company's memory and its size */
  kept: Map<LevelMemory, { memory: CompanyMemory; levelId: number; size: number }>;
}
const levelBudgets = new WeakMap<object, Budget>();

function budgetOf(db: object): Budget {
  let budget = levelBudgets.get(db);
  if (!budget) levelBudgets.set(db, (budget = { total: 0, kept: new Map() }));
  return budget;
}

/** Forgets the least recently used levels beyond the database's budget, `spared` aside. */
function trim(budget: Budget, spared: LevelMemory): void {
  for (const [oldest, entry] of budget.kept) {
    if (budget.total <= LEVEL_ENTRIES_KEPT) break;
    if (oldest === spared) continue;
    budget.kept.delete(oldest);
    budget.total -= entry.size;
    if (entry.memory.levels.get(entry.levelId) === oldest) entry.memory.levels.delete(entry.levelId);
  }
}

/** Keeps a level, forgetting the least recently used ones beyond the database's budget. */
export function keepLevel(
  db: object,
  memory: CompanyMemory,
  levelId: number,
  level: LevelMemory,
): LevelMemory {
  const budget = budgetOf(db);
  const size = Math.max(1, level.resources.size);
  budget.kept.set(level, { memory, levelId, size });
  budget.total += size;
  memory.levels.set(levelId, level);
  trim(budget, level);
  return level;
}

const closuresIn = (day: Map<number, Closure[]>) => {
  let count = 0;
  for (const list of day.values()) count += list.length;
  return count;
};

/**
 * Keeps a day's closures with its level (a day not kept yet: keptOrRead reads it once), the closures
 * counted in the level's size.
 */
export function keepDay(
  db: object,
  level: LevelMemory,
  date: string,
  closures: Map<number, Closure[]>,
): void {
  let change = closuresIn(closures);
  if (level.days.size >= DAYS_KEPT) {
    const [oldest, dropped] = level.days.entries().next().value!;
    level.days.delete(oldest);
    change -= closuresIn(dropped);
  }
  level.days.set(date, closures);
  const budget = budgetOf(db);
  const entry = budget.kept.get(level);
  if (!entry) return;
  entry.size += change;
  budget.total += change;
  trim(budget, level);
}

/** A level used again moves to the end of the budget's order. */
export function touchLevel(db: object, level: LevelMemory): void {
  const budget = levelBudgets.get(db);
  const entry = budget?.kept.get(level);
  if (!budget || !entry) return;
  budget.kept.delete(level);
  budget.kept.set(level, entry);
}

export function keep<K, V>(map: Map<K, V>, key: K, value: V, most: number): V {
  map.delete(key);
  if (map.size >= most) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}
