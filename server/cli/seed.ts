/** npm run seed: migrates, then fills an empty database with the demo content. */
import { migrateToLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { createMediaStorageFromConfig } from '../media-storage';
import { seedDemoContentIfEmpty } from '../seed/demo-content';
import { openConfigured, runMain } from '../startup';

runMain(async () => {
  const { config, database } = await openConfigured();
  try {
    await migrateToLatest(database.db);
    const seeded = await seedDemoContentIfEmpty(database.db, createMediaStorageFromConfig(config), createLogger(config), config.PORT);
    console.log(seeded ? 'Demo content created.' : 'The database already has content; nothing was changed.');
  } finally {
    await database.close();
  }
});
