import path from 'node:path';
import type { Config } from '../config';
import type { DatabaseTarget } from './database';

/** The database the configuration points at: DATABASE_URL, else PGlite under DATA_DIR. */
export function databaseTargetFor(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>): DatabaseTarget {
  if (config.DATABASE_URL) return { kind: 'postgres', url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE };
  return { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') };
}
