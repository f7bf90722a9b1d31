/**
 * npm run dev, for developers: builds the client unminified (React's development build), rebuilds
 * it on every change (esbuild watch), and runs the server under tsx watch, which restarts it when
 * server code changes or a rebuild writes a new manifest (the server reads it at start-up). The
 * StreamField editor is built once, at start.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { context, type BuildOptions, type Metafile } from 'esbuild';
import { MANIFEST_FILE } from '../server/asset-manifest';
import { assetManifest, cleanClientOutput, clientBuilds, writeAssetManifest } from './build-client';
import { buildStreamfield } from './build-streamfield';

type Bundle = 'site' | 'admin';

const metafiles: Partial<Record<Bundle, Metafile>> = {};
let writtenManifest = '';
let firstManifest: () => void;
const manifestWritten = new Promise<void>((resolve) => (firstManifest = resolve));

/** After each rebuild: a new manifest once both bundles have built, written only when it changed (each write restarts the server). */
function recordBuild(bundle: Bundle, metafile: Metafile | undefined): void {
  // A build with errors has no metafile; esbuild printed them, and the last good manifest stays.
  if (!metafile) return;
  metafiles[bundle] = metafile;
  if (!metafiles.site || !metafiles.admin) return;
  const manifest = assetManifest(metafiles.site, metafiles.admin);
  const text = JSON.stringify(manifest);
  if (text === writtenManifest) return;
  if (writtenManifest) console.log('Client rebuilt');
  writtenManifest = text;
  writeAssetManifest(manifest);
  firstManifest();
}

function watched(bundle: Bundle, options: BuildOptions) {
  return context({ ...options, plugins: [{ name: 'manifest', setup: (build) => build.onEnd((result) => recordBuild(bundle, result.metafile)) }] });
}

cleanClientOutput();
const builds = clientBuilds(false);
const contexts = await Promise.all([watched('site', builds.site), watched('admin', builds.admin)]);
await Promise.all(contexts.map((watchedContext) => watchedContext.watch()));
await manifestWritten;
await buildStreamfield({ minify: false, withHarness: true });

const server = spawn(path.resolve('node_modules/.bin/tsx'), ['watch', '--clear-screen=false', '--include', path.join('static/dist', MANIFEST_FILE), 'server/index.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  void Promise.all(contexts.map((watchedContext) => watchedContext.dispose())).then(() => process.exit(code ?? 0));
});
