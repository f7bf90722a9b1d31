import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { UnprocessableError } from '../errors';

/**
 * sha256 (hex) of a request's fields, whatever their order and with absent and empty optional
 * fields alike: the retry of a request hashes the same, any other request differently.
 */
export function requestHash(fields: Record<string, unknown>): string {
  const present = Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(present)).digest('hex');
}

/**
 * Refuses (422) an Idempotency-Key that first came with another request: whoever learns a
 * guest's key must not get the guest's booking back by sending their own body with it.
 */
export function ensureSameRequest(storedHash: string | null, hash: string): void {
  if (storedHash !== hash) throw new UnprocessableError('This Idempotency-Key was already used with a different request.');
}

/** The guest requests a location keeps by Idempotency-Key. */
type IdempotentTable = 'reservations' | 'waitlist_entries';

/**
 * The row a request with this Idempotency-Key already made at the location, to answer its retry
 * with; undefined without a key or before the first request. Another request with the key is
 * refused (422). Run in the transaction that will insert the row, after locking the location.
 */
export async function earlierRequest<T extends IdempotentTable>(
  trx: Db,
  table: T,
  rlid: number,
  idempotencyKey: string | null | undefined,
  hash: string,
): Promise<Selectable<Database[T]> | undefined> {
  if (!idempotencyKey) return undefined;
  // Kysely resolves columns on the concrete union, not on a type parameter.
  const source: IdempotentTable = table;
  const earlier = await trx.selectFrom(source).selectAll().where('rlid', '=', rlid).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  if (earlier) ensureSameRequest(earlier.idempotency_request_hash, hash);
  return earlier as Selectable<Database[T]> | undefined;
}
