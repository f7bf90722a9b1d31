import { Migrator, type MigrationResultSet } from 'kysely/migration';
import { MIGRATIONS } from '../../migrations/index';
import type { Db } from './database';

/** A migrator over the migrations compiled into the program (no file-system scanning). */
export function createMigrator(db: Db): Migrator {
  // Branches developed side by side land migrations out of number order; a database that ran a
  // later one first must still take an earlier one that lands afterwards.
  return new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, allowUnorderedMigrations: true });
}

/** Raised when a migration fails; names the migration and keeps the driver's error as cause. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<MigrationResultSet> {
  const result = await createMigrator(db).migrateToLatest();
  throwOnFailure(result);
  return result;
}

/** Throws a MigrationError when a result set reports a failure. */
export function throwOnFailure(result: MigrationResultSet): void {
  if (!result.error) return;
  const failed = result.results?.find((r) => r.status === 'Error');
  const reason = result.error instanceof Error ? result.error.message : String(result.error);
  throw new MigrationError(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: result.error });
}
