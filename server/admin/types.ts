import type { Clock } from '../clock';
import type { Config } from '../config';
import type { CsrfProtection } from '../csrf';
import type { Db } from '../db/database';
import type { MediaStorage } from '../media-storage';
import type { Logger } from 'pino';
import type { PublicPages } from '../views/serve';
import type { AdminRenderer } from './render';

/** What every admin module is built from. */
export interface AdminContext {
  db: Db;
  config: Config;
  logger: Logger;
  /** The time time-dependent screens and actions read; tests set it. */
  clock: Clock;
  /** Where media files live: the app's one storage, shared by every screen. */
  storage: MediaStorage;
  admin: AdminRenderer;
  csrf: CsrfProtection;
  sendPage: PublicPages['sendPage'];
  /** The public render of blocks alone, for the block preview. */
  sendBlocks: PublicPages['sendBlocks'];
}
