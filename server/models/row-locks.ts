import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { NotFoundError } from '../errors';

/** The tables whose rows have a numeric `id`. */
export type TableWithId = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/**
 * Re-reads one row by id under a row lock (FOR UPDATE), so an action checks and changes the row
 * as it is now, and a concurrent change of the same row waits for this transaction. Undefined
 * when the row is gone. Call inside a transaction.
 */
export async function lockRowById<T extends TableWithId>(db: Db, table: T, id: number): Promise<Selectable<Database[T]> | undefined> {
  const { rows } = await sql<Selectable<Database[T]>>`select * from ${sql.table(table)} where id = ${id} for update`.execute(db);
  return rows[0];
}

/** lockRowById, or NotFoundError with `gone` when somebody deleted the row meanwhile. */
export async function lockRowOrThrow<T extends TableWithId>(db: Db, table: T, id: number, gone: string): Promise<Selectable<Database[T]>> {
  const row = await lockRowById(db, table, id);
  if (!row) throw new NotFoundError(gone);
  return row;
}
