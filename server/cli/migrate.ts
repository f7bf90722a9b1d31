/** npm run migrate [-- up | down | status]: applies, reverts one, or lists migrations. */
import { createMigrator, throwOnFailure } from '../db/migrate';
import { openConfigured, runMain } from '../startup';

const COMMANDS = ['up', 'down', 'status'] as const;
type Command = (typeof COMMANDS)[number];

runMain(async () => {
  const command = (process.argv[2] ?? 'up') as Command;
  if (!COMMANDS.includes(command)) {
    console.error(`Unknown command "${command}". Use one of: ${COMMANDS.join(', ')}.`);
    process.exit(2);
  }
  const { database } = await openConfigured();
  try {
    const migrator = createMigrator(database.db);
    if (command === 'status') {
      for (const migration of await migrator.getMigrations()) {
        console.log(`${migration.executedAt ? `applied ${migration.executedAt.toISOString()}` : 'pending'}  ${migration.name}`);
      }
      return;
    }
    const result = command === 'up' ? await migrator.migrateToLatest() : await migrator.migrateDown();
    for (const outcome of result.results ?? []) {
      console.log(`${outcome.status === 'Success' ? (command === 'up' ? 'applied' : 'reverted') : outcome.status.toLowerCase()}  ${outcome.migrationName}`);
    }
    if (!result.results?.length) console.log(command === 'up' ? 'Nothing to apply: the schema is up to date.' : 'Nothing to revert.');
    throwOnFailure(result);
  } finally {
    await database.close();
  }
});
