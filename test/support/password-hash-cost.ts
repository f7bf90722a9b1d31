import type { PasswordHashCost } from '../../server/models/password-hash';

/** The suite's argon2id cost: the lowest the library takes, so sign-ins cost no CPU worth counting. */
export const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
