import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DIST_DIR } from './paths';
import { templateSource, type TemplateName } from '../client/templates/index';

/** The manifest's file name inside static/dist. */
export const MANIFEST_FILE = 'manifest.json';

const chunkSchema = z.object({ file: z.string(), imports: z.array(z.string()) });
const manifestSchema = z.object({
  entry: chunkSchema,
  css: z.string(),
  templates: z.record(z.string(), chunkSchema),
  /** The back office's script and stylesheet. */
  admin: z.object({ entry: chunkSchema, css: z.string() }),
});

/** Hashed URLs of the browser bundle, written by scripts/build-client.ts. */
export type AssetManifest = z.infer<typeof manifestSchema>;

/** Raised when the client has not been built; tells the operator what to run. */
export class MissingAssetsError extends Error {
  override name = 'MissingAssetsError';
}

/** Reads and checks the manifest once at start-up. */
export function loadAssetManifest(distDir = DIST_DIR): AssetManifest {
  const file = path.join(distDir, MANIFEST_FILE);
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (error) {
    throw new MissingAssetsError(`The client bundle is missing (${file}); run "npm run build" first.`, { cause: error });
  }
  const parsed = manifestSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new MissingAssetsError(`The client manifest ${file} is malformed; run "npm run build" again.`);
  return parsed.data;
}

/** The scripts a page of this template needs, in load order, for modulepreload links. */
export function scriptsForTemplate(manifest: AssetManifest, template: TemplateName): string[] {
  const chunk = manifest.templates[templateSource(template)];
  const urls = [manifest.entry.file, ...manifest.entry.imports, ...(chunk ? [chunk.file, ...chunk.imports] : [])];
  return [...new Set(urls)];
}
