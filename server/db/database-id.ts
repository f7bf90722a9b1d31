import { z } from 'zod';

/**
 * A database id (a serial int4 primary key) read from an address, a query or a form field: a
 * value past int4's range cannot name a row, and must not reach a query, which would fail on it.
 */
export const databaseId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
