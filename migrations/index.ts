import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_pages_and_sites';

/** Every migration, in order. Append new ones; never edit one that has landed. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_pages_and_sites': m0001,
};
