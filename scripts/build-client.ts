/** Builds the browser bundle: one entry, one chunk per template, hashed names, and a manifest. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { TEMPLATE_FILES, templateSource, type TemplateName } from '../client/templates/index';
import { MANIFEST_FILE, type AssetManifest } from '../server/asset-manifest';
import { browserBundleOptions, publicUrlOf } from './browser-bundle';
import { buildStreamfield } from './build-streamfield';

const OUT_DIR = path.resolve('static/dist');
const PUBLIC_PREFIX = '/static/dist/';
// The back office's own script and stylesheet, never loaded by public pages.
const ADMIN_SCRIPT = 'admin-client/entry.ts';
const ADMIN_CSS = 'static/css/admin.css';

/** Builds into static/dist and writes manifest.json; returns the manifest. */
export async function buildClient({ minify = true }: { minify?: boolean } = {}): Promise<AssetManifest> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const templates = (Object.keys(TEMPLATE_FILES) as TemplateName[]).map(templateSource);
  const result = await build({
    ...browserBundleOptions(OUT_DIR, minify),
    entryPoints: ['client/entry.tsx', 'static/css/site.css', ADMIN_SCRIPT, ADMIN_CSS, ...templates],
    assetNames: 'assets/[name]-[hash]',
    jsx: 'automatic',
    loader: { '.svg': 'file' },
  });
  const manifest = manifestFrom(result.metafile);
  writeFileSync(path.join(OUT_DIR, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  await buildStreamfield({ minify, withHarness: process.env.NODE_ENV !== 'production' });
  return manifest;
}

function manifestFrom(metafile: Metafile): AssetManifest {
  const publicUrl = (output: string) => publicUrlOf(OUT_DIR, PUBLIC_PREFIX, output);
  const staticImports = (output: string, seen = new Set<string>()): string[] => {
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticImports(imported.path, seen);
    }
    return [...seen].map(publicUrl);
  };
  const manifest: AssetManifest = { entry: { file: '', imports: [] }, css: '', templates: {}, admin: { entry: { file: '', imports: [] }, css: '' } };
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (!meta.entryPoint) continue;
    if (meta.entryPoint === 'client/entry.tsx') manifest.entry = { file: publicUrl(output), imports: staticImports(output) };
    else if (meta.entryPoint === 'static/css/site.css') manifest.css = publicUrl(output);
    else if (meta.entryPoint === ADMIN_SCRIPT) manifest.admin.entry = { file: publicUrl(output), imports: staticImports(output) };
    else if (meta.entryPoint === ADMIN_CSS) manifest.admin.css = publicUrl(output);
    else if (meta.entryPoint.startsWith('client/templates/')) {
      manifest.templates[meta.entryPoint] = { file: publicUrl(output), imports: staticImports(output) };
    }
  }
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildClient({ minify: process.env.NODE_ENV !== 'development' });
  console.log(`Client built into static/dist in ${Date.now() - started} ms`);
}
