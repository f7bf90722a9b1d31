/**
 * What a visitor's browser downloads before a page of each template is interactive: the entry,
 * the template's chunk and every chunk they import statically (the modulepreload links
 * server/render.tsx emits from the manifest), plus the one stylesheet. Sizes are gzip bytes at
 * the compression middleware's default level, as the server sends them.
 * `npm run bench:first-load` builds the client and prints the table.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadAssetManifest, scriptsForTemplate, type AssetManifest } from '../server/asset-manifest';
import { DIST_DIR } from '../server/paths';
import { TEMPLATE_FILES, type TemplateName } from '../client/templates/index';

/** One template's first load. */
export interface FirstLoad {
  template: TemplateName;
  /** Script files fetched before hydration, the entry first. */
  scripts: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
}

const DIST_PREFIX = '/static/dist/';

/** First load of every template, from the manifest of a build in `distDir`. */
export function measureFirstLoad(manifest: AssetManifest, distDir = DIST_DIR): FirstLoad[] {
  const gzipSizes = new Map<string, number>();
  const gzipSize = (url: string): number => {
    if (!url.startsWith(DIST_PREFIX)) throw new Error(`${url} is not a built asset under ${DIST_PREFIX}`);
    let size = gzipSizes.get(url);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(distDir, url.slice(DIST_PREFIX.length)))).length;
      gzipSizes.set(url, size);
    }
    return size;
  };
  const cssGzipBytes = gzipSize(manifest.css);
  return (Object.keys(TEMPLATE_FILES) as TemplateName[]).map((template) => {
    const scripts = scriptsForTemplate(manifest, template);
    return { template, scripts: scripts.length, jsGzipBytes: scripts.reduce((sum, url) => sum + gzipSize(url), 0), cssGzipBytes };
  });
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** The rows as a plain-text table, sizes in kB (1,000 bytes). */
export function formatFirstLoad(rows: readonly FirstLoad[]): string {
  const width = Math.max('template'.length, ...rows.map((row) => row.template.length));
  const header = `${'template'.padEnd(width)}  scripts  JS kB gz  CSS kB gz`;
  const lines = rows.map((row) => `${row.template.padEnd(width)}  ${String(row.scripts).padStart(7)}  ${kB(row.jsGzipBytes).padStart(8)}  ${kB(row.cssGzipBytes).padStart(9)}`);
  return [header, ...lines].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(formatFirstLoad(measureFirstLoad(loadAssetManifest())));
}
