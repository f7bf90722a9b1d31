/**
 * npm start: the server in production mode (NODE_ENV=production, set by the npm script with the
 * minified client build before it) on a fresh machine with no settings. Production refuses to
 * run without SECRET_KEY; when none is set, this uses the key kept under DATA_DIR (made on first
 * start, as in development). A deployment on several machines sets its own, shared SECRET_KEY.
 */
import { configSchema, storedSecretKey } from '../server/config';

process.env.SECRET_KEY ||= storedSecretKey(configSchema.shape.DATA_DIR.parse(process.env.DATA_DIR));
await import('../server/index');
