/**
 * Builds the StreamField editor (admin-client/streamfield) into static/dist/streamfield: the
 * editor entry and its stylesheet with hashed names and a manifest, and outside production a
 * harness page to try the editor without the admin. Called by build-client.ts after its build.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { STREAMFIELD_MANIFEST_FILE, type StreamFieldManifest } from '../server/admin/streamfield-assets';
import type { StreamFieldConfig } from '../admin-client/streamfield/schemas';
import { streamFieldConfig } from '../server/admin/streamfield-config';
import { escapeHtml, serializeForScript } from '../server/render';
import { browserBundleOptions, publicUrlOf } from './browser-bundle';
import { HARNESS_DEMO_VALUE } from './streamfield-harness-demo';

const OUT_DIR = path.resolve('static/dist/streamfield');
const PUBLIC_PREFIX = '/static/dist/streamfield/';
const ENTRIES = { editor: 'admin-client/streamfield/entry.ts', harness: 'admin-client/streamfield/harness.ts', css: 'static/css/admin-streamfield.css' };

/** What the build makes. */
export interface StreamFieldBuildOptions {
  minify: boolean;
  /** Also writes harness.html (never for production). */
  withHarness: boolean;
}

/** Builds the editor bundle; returns its manifest and esbuild's metafile. */
export async function buildStreamfield({ minify, withHarness }: StreamFieldBuildOptions): Promise<{ manifest: StreamFieldManifest; metafile: Metafile }> {
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await build({
    ...browserBundleOptions(OUT_DIR, minify),
    entryPoints: withHarness ? Object.values(ENTRIES) : [ENTRIES.editor, ENTRIES.css],
  });
  const manifest = manifestFrom(result.metafile);
  writeFileSync(path.join(OUT_DIR, STREAMFIELD_MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  if (withHarness && manifest.harness) {
    const config = streamFieldConfig({ name: 'body', value: HARNESS_DEMO_VALUE, referenceTitles: { 'image:1': 'Lobster on the dock' } });
    writeFileSync(path.join(OUT_DIR, 'harness.html'), editorPageHtml({ script: manifest.harness, css: manifest.css, config }));
  }
  return { manifest, metafile: result.metafile };
}

function manifestFrom(metafile: Metafile): StreamFieldManifest {
  const urlOf = (entry: string) => {
    const output = Object.entries(metafile.outputs).find(([, meta]) => meta.entryPoint === entry)?.[0];
    return output ? publicUrlOf(OUT_DIR, PUBLIC_PREFIX, output) : undefined;
  };
  const editor = urlOf(ENTRIES.editor);
  const css = urlOf(ENTRIES.css);
  if (!editor || !css) throw new Error('The StreamField build made no editor script or stylesheet');
  const harness = urlOf(ENTRIES.harness);
  return { editor, css, ...(harness ? { harness } : {}) };
}

/** What a stand-alone editor page shows. */
export interface EditorPageOptions {
  script: string;
  css: string;
  config: StreamFieldConfig;
}

/** A stand-alone page with one editor in a form: the harness, and pages tests build. */
export function editorPageHtml({ script, css, config }: EditorPageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>StreamField editor harness</title>
<link rel="stylesheet" href="${escapeHtml(css)}">
</head>
<body class="sf-harness">
<main class="sf-harness__main">
<h1 class="sf-harness__title">Body</h1>
<p class="sf-harness__intro">The StreamField editor on a demo page body, outside the admin. Development only.</p>
<form class="sf-harness__form" method="post" action="#" data-harness-form>
<div data-streamfield><script type="application/json">${serializeForScript(config)}</script></div>
<p class="sf-harness__events">Change events: <output data-harness-events>none yet</output></p>
</form>
</main>
<script type="module" src="${escapeHtml(script)}"></script>
</body>
</html>
`;
}
