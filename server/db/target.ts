import path from 'node:path';
import type { Config } from '../config';
import type { DatabaseTarget } from './database';

/** The settings that choose and tune the database. */
export type DatabaseConfig = Pick<
  Config,
  'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE' | 'DATABASE_STATEMENT_TIMEOUT_MS' | 'DATABASE_QUERY_TIMEOUT_MS' | 'DATABASE_CONNECT_TIMEOUT_MS'
>;

/** The database the configuration points at: DATABASE_URL, else PGlite under DATA_DIR. */
export function databaseTargetFor(config: DatabaseConfig): DatabaseTarget {
  if (config.DATABASE_URL) {
    return {
      kind: 'postgres',
      url: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      timeouts: { statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS, queryMs: config.DATABASE_QUERY_TIMEOUT_MS, connectMs: config.DATABASE_CONNECT_TIMEOUT_MS },
    };
  }
  return { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') };
}
