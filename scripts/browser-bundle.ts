import path from 'node:path';
import type { BuildOptions } from 'esbuild';

/**
 * The esbuild options every browser bundle shares: hashed ES modules with split chunks for the
 * browsers the site supports, linked source maps and licences, and a metafile for the manifest.
 */
export function browserBundleOptions(outdir: string, minify: boolean): BuildOptions & { metafile: true } {
  return {
    outdir,
    outbase: '.',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
    minify,
    sourcemap: 'linked',
    metafile: true,
    legalComments: 'linked',
    define: { 'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development') },
    logLevel: 'warning',
  };
}

/** The address a built file is served at: `prefix` stands for `outdir`. */
export function publicUrlOf(outdir: string, prefix: string, output: string): string {
  return prefix + path.relative(outdir, path.resolve(output)).split(path.sep).join('/');
}
