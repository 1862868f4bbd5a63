import { CompiledQuery, type Kysely } from 'kysely';
import { rowsWritten } from '../../db/planner-statistics';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One request's bookings: an item of book_declarations_batch (migration 0029). */
export interface BatchItem {
  company: number;
  user: number;
  created_by: number;
  resource: number;
  level: number;
  expected_plan_version: string | null;
  limit: number | null;
  starts: Date[];
  ends: Date[];
  day_starts: Date[];
  day_ends: Date[];
  slot_types: string[];
  costs: Array<number | null>;
  currency: number | null;
  subject: string;
  is_private: boolean;
  approval_status: string;
  exclusive: boolean;
  source: string;
  count_visit: boolean;
  notices: string[];
  session: string | null;
  expected_booking_version: string | null;
}

interface BookRow {
  outcome: 'booked' | 'stale' | 'over_limit';
  booking: number | null;
  held: number | null;
  id: number;
  status: 'booked';
  approval_status: 'approved' | 'pending';
  created_at: Date;
}

type BatchRow = Omit<BookRow, 'outcome'> & {
  item: number;
  outcome: BookRow['outcome'] | 'error';
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
};

const BOOK_BATCH = `select * from book_declarations_batch($1::int[], $2::int[], $3::int[], $4::int[],
  $5::int[], $6::bigint[], $7::int[], $8::int[], $9::text[], $10::boolean[], $11::text[], $12::boolean[],
  $13::text[], $14::boolean[], $15::uuid[], $16::bigint[], $17::int[], $18::int[], $19::timestamptz[],
  $20::timestamptz[], $21::timestamptz[], $22::timestamptz[], $23::text[], $24::int[], $25::jsonb[])`;

/**
 * book_declarations_batch for `items`, each its own answer: its rows, or the error that failed it,
 * as node-postgres raises one (the SQLSTATE as `code`; for a double booking, the number of the
 * booking refused as `detail`).
 */
async function bookItems(db: Db, items: readonly BatchItem[]): Promise<Array<BookRow[] | Error>> {
  const each = <T>(pick: (item: BatchItem) => T) => items.map(pick);
  const all = <T>(pick: (item: BatchItem) => T[]) => items.flatMap(pick);
  const firsts: number[] = [];
  let next = 1;
  for (const item of items) {
    firsts.push(next);
    next += item.starts.length;
  }
  // A constant text, compiled once: the statement is prepared once per connection (connection.ts).
  const { rows } = await db.executeQuery<BatchRow>(
    CompiledQuery.raw(BOOK_BATCH, [
      each((item) => item.company),
      each((item) => item.user),
      each((item) => item.created_by),
      each((item) => item.resource),
      each((item) => item.level),
      each((item) => item.expected_plan_version),
      each((item) => item.limit),
      each((item) => item.currency),
      each((item) => item.subject),
      each((item) => item.is_private),
      each((item) => item.approval_status),
      each((item) => item.exclusive),
      each((item) => item.source),
      each((item) => item.count_visit),
      each((item) => item.session),
      each((item) => item.expected_booking_version),
      firsts,
      each((item) => item.starts.length),
      all((item) => item.starts),
      all((item) => item.ends),
      all((item) => item.day_starts),
      all((item) => item.day_ends),
      all((item) => item.slot_types),
      all((item) => item.costs),
      all((item) => item.notices),
    ]),
  );
  const answers: Array<BookRow[] | Error> = items.map(() => []);
  // Counted where the batch committed; a caller's transaction counts its own once it is over.
  void rowsWritten(db, 'declarations', rows.filter((row) => row.outcome === 'booked').length);
  for (const { item, error_code, error_message, error_detail, ...row } of rows) {
    if (row.outcome === 'error')
      answers[item - 1] = Object.assign(new Error(error_message ?? 'book_declarations_batch failed'), {
        code: error_code,
        detail: error_detail ?? undefined,
      });
    else (answers[item - 1] as BookRow[]).push(row as BookRow);
  }
  return answers;
}

export async function bookOne(db: Db, item: BatchItem): Promise<BookRow[]> {
  const [answer] = await bookItems(db, [item]);
  if (answer instanceof Error) throw answer;
  return answer!;
}

interface Waiting {
  item: BatchItem;
  resolve(rows: BookRow[]): void;
  reject(error: unknown): void;
}

// A statement's round trip costs more than a booking's work (on a PostgreSQL server, most of the
// server's CPU is its socket writes; on PGlite, each statement's protocol and commit): the bookings
// requested while a batch is written go together in the next, one batch at a time per database
// (two at once were slower on a server: smaller batches, and their locks waiting on each other).
// Alone, a booking goes at once.
const BATCH_MAX = 64;
const batches = new WeakMap<object, { waiting: Waiting[]; writing: boolean }>();

export function bookInBatch(db: Db, item: BatchItem): Promise<BookRow[]> {
  let queue = batches.get(db);
  if (!queue) batches.set(db, (queue = { waiting: [], writing: false }));
  const own = queue;
  return new Promise((resolve, reject) => {
    own.waiting.push({ item, resolve, reject });
    if (own.writing) return;
    own.writing = true;
    // The requests that arrived in this turn of the event loop join the first batch.
    setImmediate(() => void writeBatches(db, own));
  });
}

async function writeBatches(db: Db, queue: { waiting: Waiting[]; writing: boolean }): Promise<void> {
  try {
    while (queue.waiting.length > 0) await writeBatch(db, queue.waiting.splice(0, BATCH_MAX));
  } finally {
    queue.writing = false;
  }
}

async function writeBatch(db: Db, batch: Waiting[]): Promise<void> {
  let answers: Array<BookRow[] | Error>;
  try {
    answers = await bookItems(
      db,
      batch.map((waiting) => waiting.item),
    );
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error);
    // The batch as a whole failed (a lost connection; a deadlock with another server process's
    // batch, whose items took the same hosts' and resources' locks in another order, which the
    // database breaks after its deadlock_timeout): each booking is written by itself instead.
    for (const waiting of batch)
      await bookItems(db, [waiting.item]).then(
        ([answer]) => (answer instanceof Error ? waiting.reject(answer) : waiting.resolve(answer!)),
        (error: unknown) => waiting.reject(error),
      );
    return;
  }
  batch.forEach((waiting, index) => {
    const answer = answers[index]!;
    if (answer instanceof Error) waiting.reject(answer);
    else waiting.resolve(answer);
  });
}
