/** Builds the browser bundles: one entry, one chunk per template, hashed names, and a manifest. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { TEMPLATE_FILES, templateSource, type TemplateName } from '../client/templates/index';
import { MANIFEST_FILE, type AssetManifest } from '../server/asset-manifest';
import { browserBundleOptions, publicUrlOf } from './browser-bundle';
import { buildStreamfield } from './build-streamfield';
import { isClientBuildCurrent, writeClientBuildStamp } from './client-build-stamp';

const OUT_DIR = path.resolve('static/dist');
const PUBLIC_PREFIX = '/static/dist/';
const SITE_SCRIPT = 'client/entry.tsx';
const SITE_CSS = 'static/css/site.css';
// The back office's own script and stylesheet, never loaded by public pages.
const ADMIN_SCRIPT = 'admin-client/entry.ts';
const ADMIN_CSS = 'static/css/admin.css';

/**
 * The public site's bundle and the back office's, as two builds: esbuild keeps every export any
 * entry of a build uses, so one build would ship the back office's full zod (and its locales)
 * to visitors through a chunk both share, where the site alone needs a few zod/mini checks.
 */
export function clientBuilds(minify: boolean): { site: BuildOptions & { metafile: true }; admin: BuildOptions & { metafile: true } } {
  const templates = (Object.keys(TEMPLATE_FILES) as TemplateName[]).map(templateSource);
  const shared = { ...browserBundleOptions(OUT_DIR, minify), assetNames: 'assets/[name]-[hash]' };
  return {
    site: { ...shared, entryPoints: [SITE_SCRIPT, SITE_CSS, ...templates], jsx: 'automatic', loader: { '.svg': 'file' } },
    admin: { ...shared, entryPoints: [ADMIN_SCRIPT, ADMIN_CSS] },
  };
}

/** Empties static/dist, so it holds only what the next build makes. */
export function cleanClientOutput(): void {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
}

/** Builds into static/dist and writes manifest.json; returns the manifest. */
export async function buildClient({ minify = true }: { minify?: boolean } = {}): Promise<AssetManifest> {
  cleanClientOutput();
  const withHarness = process.env.NODE_ENV !== 'production';
  const options = clientBuilds(minify);
  const [site, admin] = await Promise.all([build(options.site), build(options.admin)]);
  const manifest = assetManifest(site.metafile, admin.metafile);
  writeAssetManifest(manifest);
  const streamfield = await buildStreamfield({ minify, withHarness });
  writeClientBuildStamp(
    { minify, withHarness },
    [site.metafile, admin.metafile, streamfield.metafile].flatMap((metafile) => Object.keys(metafile.inputs)),
  );
  return manifest;
}

/** Builds unless static/dist already holds a build of the current sources with the same options. */
export async function buildClientIfChanged({ minify = true }: { minify?: boolean } = {}): Promise<void> {
  if (!isClientBuildCurrent({ minify, withHarness: process.env.NODE_ENV !== 'production' })) await buildClient({ minify });
}

/** The manifest of the two builds, from their metafiles. */
export function assetManifest(site: Metafile, admin: Metafile): AssetManifest {
  const manifest: AssetManifest = { entry: { file: '', imports: [] }, css: '', templates: {}, admin: { entry: { file: '', imports: [] }, css: '' } };
  for (const metafile of [site, admin]) {
    const publicUrl = (output: string) => publicUrlOf(OUT_DIR, PUBLIC_PREFIX, output);
    const chunk = (output: string) => ({ file: publicUrl(output), imports: staticImports(metafile, output).map(publicUrl) });
    for (const [output, meta] of Object.entries(metafile.outputs)) {
      if (meta.entryPoint === SITE_SCRIPT) manifest.entry = chunk(output);
      else if (meta.entryPoint === SITE_CSS) manifest.css = publicUrl(output);
      else if (meta.entryPoint === ADMIN_SCRIPT) manifest.admin.entry = chunk(output);
      else if (meta.entryPoint === ADMIN_CSS) manifest.admin.css = publicUrl(output);
      else if (meta.entryPoint?.startsWith('client/templates/')) manifest.templates[meta.entryPoint] = chunk(output);
    }
  }
  return manifest;
}

/** Writes static/dist/manifest.json, which the server reads at start-up. */
export function writeAssetManifest(manifest: AssetManifest): void {
  writeFileSync(path.join(OUT_DIR, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
}

/** Every output `output` imports statically, directly or through another. */
function staticImports(metafile: Metafile, output: string, seen = new Set<string>()): string[] {
  for (const imported of metafile.outputs[output]?.imports ?? []) {
    if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
    seen.add(imported.path);
    staticImports(metafile, imported.path, seen);
  }
  return [...seen];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  await buildClient({ minify: process.env.NODE_ENV !== 'development' });
  console.log(`Client built into static/dist in ${Date.now() - started} ms`);
}
