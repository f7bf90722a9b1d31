import { createHash } from 'node:crypto';
import { UnprocessableError } from './errors';

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
