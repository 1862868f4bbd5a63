import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Serial = Generated<number>;
/** A nullable column an insert may leave out (it defaults to null). */
export type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
