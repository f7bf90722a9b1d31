/**
 * The page chooser's answer, shared by the server that sends it (server/admin/page-chooser.ts)
 * and the modal that reads it, so both sides check the same shape.
 */
import { z } from 'zod';

/** One page as the chooser lists it. */
export const pageChooserEntrySchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  /** The page type's label ("Content page"). */
  type: z.string(),
  /** In search results: the title of the page it lies under, so equal titles can be told apart. */
  parent_title: z.string().optional(),
  /** Whether this page may be picked here (type, permissions, not inside the page being moved). */
  selectable: z.boolean(),
  /** Whether it has children to browse into. */
  browsable: z.boolean(),
});
/** One page as the chooser lists it. */
export type PageChooserEntry = z.infer<typeof pageChooserEntrySchema>;

/** One screen of the chooser: a parent's children (with breadcrumbs) or search results (no parent). */
export const pageChooserAnswerSchema = z.object({
  parent: pageChooserEntrySchema.nullable(),
  /** Root first, the parent last; empty for a search. */
  breadcrumbs: z.array(pageChooserEntrySchema),
  results: z.array(pageChooserEntrySchema),
  /** 1-based page of results, with whether another follows. */
  page: z.number().int().positive(),
  has_next: z.boolean(),
});
/** One screen of the chooser. */
export type PageChooserAnswer = z.infer<typeof pageChooserAnswerSchema>;
