import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's top folder, whatever the working directory. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Served at /static/. */
export const STATIC_DIR = path.join(PROJECT_ROOT, 'static');
/** The built browser bundle, content-hashed. */
export const DIST_DIR = path.join(STATIC_DIR, 'dist');
