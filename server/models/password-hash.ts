import argon2 from 'argon2';

/** The work of one argon2id hash: memory in KiB, passes, lanes. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** The argon2 library's own defaults (64 MiB, 3 passes, 4 lanes), above OWASP's minimums. */
export const DEFAULT_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 65536, timeCost: 3, parallelism: 4 };

let cost = DEFAULT_PASSWORD_HASH_COST;
// Verified against when there is no real hash, so an unknown username takes as long as a known one.
let dummyHash: Promise<string> | undefined;

/**
 * Sets the cost of hashes made from now on. Only the test suite lowers it, as Django's test
 * settings swap in a fast hasher: thousands of sign-ins at the real cost take minutes of CPU.
 * Every hash carries its own cost, so hashes made at any cost still verify.
 */
export function setPasswordHashCost(next: PasswordHashCost): void {
  cost = next;
  dummyHash = undefined;
}

/** An argon2id hash of a password, for storing. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}

/** Whether `password` matches a stored hash; no hash (or a malformed one) matches nothing, after as much work. */
export async function passwordMatchesHash(hash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not a real password');
  const matches = await argon2.verify(hash || (await dummyHash), password).catch(() => false);
  return Boolean(hash) && matches;
}
