import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Logger } from 'pino';
import type { PageResponder, PublicViewOptions } from '../views/page-response';
import type { AdminRenderer } from './render';

/** What every admin module is built from. */
export interface AdminContext {
  db: Db;
  config: Config;
  logger: Logger;
  admin: AdminRenderer;
  responder: PageResponder;
  pageOptions: PublicViewOptions;
}
