/**
 * Says whether static/dist already holds a build of the current sources with the same options,
 * so a test run can skip the client build: the stamp lists every file esbuild read, and the
 * build is current while none of them (nor a file of the node-side inputs below) is newer.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const STAMP_FILE = path.resolve('static/dist/build-stamp.json');

/** What the build ran with; a build with other options is never current. */
export interface ClientBuildOptions {
  minify: boolean;
  withHarness: boolean;
}

// The harness page and the build itself come from node-side code esbuild never reads.
const NODE_SIDE_INPUTS = ['scripts', 'server/blocks', 'server/admin/block-definitions.ts', 'server/admin/streamfield-config.ts', 'server/admin/page-chooser.ts', 'package-lock.json'];

const stampSchema = z.object({ minify: z.boolean(), withHarness: z.boolean(), inputs: z.array(z.string()) });

/** Records the finished build: its options and the files esbuild read. */
export function writeClientBuildStamp(options: ClientBuildOptions, inputs: Iterable<string>): void {
  writeFileSync(STAMP_FILE, JSON.stringify({ ...options, inputs: [...new Set(inputs)].sort() }));
}

/** True when the last build had these options and no input has changed since it finished. */
export function isClientBuildCurrent(options: ClientBuildOptions): boolean {
  if (!existsSync(STAMP_FILE)) return false;
  const parsed = stampSchema.safeParse(JSON.parse(readFileSync(STAMP_FILE, 'utf8')));
  if (!parsed.success || parsed.data.minify !== options.minify || parsed.data.withHarness !== options.withHarness) return false;
  const builtAt = statSync(STAMP_FILE).mtimeMs;
  return [...parsed.data.inputs, ...NODE_SIDE_INPUTS].every((input) => !changedSince(path.resolve(input), builtAt));
}

function changedSince(file: string, time: number): boolean {
  if (!existsSync(file)) return true;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs > time;
  return stat.mtimeMs > time || readdirSync(file).some((name) => changedSince(path.join(file, name), time));
}
