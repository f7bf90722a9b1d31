import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MissingAssetsError } from '../asset-manifest';
import { DIST_DIR } from '../paths';

/** The StreamField manifest's name inside static/dist/streamfield. */
export const STREAMFIELD_MANIFEST_FILE = 'manifest.json';

const manifestSchema = z.object({ editor: z.string(), css: z.string(), harness: z.string().optional() });

/** Hashed URLs of the StreamField editor's script and stylesheet (and the dev harness). */
export type StreamFieldManifest = z.infer<typeof manifestSchema>;

/** Reads the editor's manifest, written by scripts/build-streamfield.ts; read once at start-up. */
export function loadStreamFieldManifest(distDir = DIST_DIR): StreamFieldManifest {
  const file = path.join(distDir, 'streamfield', STREAMFIELD_MANIFEST_FILE);
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    throw new MissingAssetsError(`The StreamField editor bundle is missing (${file}); run "npm run build" first.`, { cause: error });
  }
  const parsed = manifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new MissingAssetsError(`The StreamField manifest ${file} is malformed; run "npm run build" again.`);
  return parsed.data;
}
