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
}

/** One StreamField block type: value schema (its `.meta()` labels the admin form) and the props for its component. */
export interface BlockDefinition<Value = unknown, Props = unknown> {
  type: string;
  label: string;
  schema: z.ZodType<Value>;
  toProps(value: Value, context: BlockContext): Props | Promise<Props>;
}

/** Declares a block with its value type inferred from the schema. */
export function defineBlock<Schema extends z.ZodType, Props>(definition: {
  type: string;
  label: string;
  schema: Schema;
  toProps(value: z.output<Schema>, context: BlockContext): Props | Promise<Props>;
}): BlockDefinition<z.output<Schema>, Props> {
  return definition as BlockDefinition<z.output<Schema>, Props>;
}
