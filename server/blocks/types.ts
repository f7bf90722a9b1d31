import type { z } from 'zod';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import type DataLoader from 'dataloader';
import type { Image, Page } from '../db/schema';
import type { MediaStorage } from '../media-storage';
import type { SiteSettings } from '../models/site-settings';

/** What toProps may use to resolve references (images, pages, documents). */
export interface BlockContext {
  db: Db;
  logger: Logger;
  storage: MediaStorage;
  /** The root page of the site being rendered, for page URLs. */
  siteRoot: Page;
  /**
   * Batches the image look-ups of one render into one query (a page's blocks resolve their
   * images concurrently); without it each image is read on its own.
   */
  imageLoader?: DataLoader<number, Image | null>;
  /**
   * The settings of the site being rendered, read once per render, for blocks whose copy
   * names them (the phone number, hours); without it such blocks show the defaults.
   */
  siteSettings?: () => Promise<SiteSettings>;
  /** The toolbox snippets whose blocks are being rendered around this one, so a snippet never shows itself within itself. */
  toolboxSnippets?: readonly number[];
  /**
   * Every block type by name, for the blocks that hold other blocks (wrappers, snippets). Passed
   * in rather than imported: the registry imports those blocks, so importing it back is a cycle.
   */
  blocks: Readonly<Record<string, BlockDefinition>>;
  /**
   * Whether pages of a type belong in visitor-facing lists (not footer or thank-you pages), for
   * the site map and tiered navs; the page types know, and they sit above the blocks.
   */
  isIndexableType: (pageType: string) => boolean;
}

/** One StreamField block type: value schema (its `.meta()` labels the admin form) and the props for its component. */
export interface BlockDefinition<Value = unknown, Props = unknown> {
  type: string;
  label: string;
  schema: z.ZodType<Value>;
  /**
   * A value that shows what the block looks like, for the block preview of the editor's block
   * menu (Wagtail's preview_value); blocks that cannot look right without an editor's own
   * image or video leave it out.
   */
  preview?: unknown;
  toProps(value: Value, context: BlockContext): Props | Promise<Props>;
}

/** Declares a block with its value type inferred from the schema. */
export function defineBlock<Schema extends z.ZodType, Props>(definition: {
  type: string;
  label: string;
  schema: Schema;
  preview?: z.input<Schema>;
  toProps(value: z.output<Schema>, context: BlockContext): Props | Promise<Props>;
}): BlockDefinition<z.output<Schema>, Props> {
  return definition as BlockDefinition<z.output<Schema>, Props>;
}
