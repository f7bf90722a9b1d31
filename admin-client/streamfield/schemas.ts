/**
 * The shapes the StreamField editor exchanges with the server and with other editors: block
 * definitions (serialized by server/admin/block-definitions.ts), chooser answers and the
 * clipboard payload. Shared by both sides, so each boundary is checked by the same schema.
 */
import { z } from 'zod';

/** What a chooser picks: each is served as JSON by an admin chooser URL. */
export const CHOOSER_TARGETS = ['image', 'document', 'page', 'video', 'toolbox_snippet', 'country', 'tiered_navigation'] as const;
/** The snippet models a chooser may pick (Wagtail's snippet chooser), named as their object permissions. */
export const SNIPPET_CHOOSER_TARGETS = ['toolbox_snippet', 'country', 'tiered_navigation'] as const satisfies readonly (typeof CHOOSER_TARGETS)[number][];
/** One snippet model a chooser may pick. */
export type SnippetChooserTarget = (typeof SNIPPET_CHOOSER_TARGETS)[number];
/** One kind of chooser. */
export type ChooserTarget = (typeof CHOOSER_TARGETS)[number];

/** What every field of the tree carries, whatever its kind. */
interface FieldBase {
  /** The key in the parent struct; empty for the item of a list. */
  name: string;
  label: string;
  /** Refused empty on publish: no default and not nullable. */
  required: boolean;
  /** Null is a valid value (an optional reference, a link left out). */
  nullable: boolean;
  help_text?: string | undefined;
  /** What a new block starts with; absent means the kind's empty value. */
  default?: unknown;
}

/** A field of a block's value, as the editor renders it. */
export type FieldNode = FieldBase &
  (
    | { kind: 'text' | 'textarea' | 'url'; max_length?: number | undefined }
    | { kind: 'date' }
    | { kind: 'rich_text'; max_length?: number | undefined }
    | { kind: 'number'; integer: boolean; min?: number | undefined; max?: number | undefined }
    | { kind: 'boolean' }
    | { kind: 'select'; choices: Array<[value: string, label: string]> }
    | { kind: 'chooser'; target: ChooserTarget }
    | { kind: 'struct'; children: FieldNode[] }
    | { kind: 'list'; item: FieldNode; min_items?: number | undefined; max_items?: number | undefined }
    | { kind: 'stream' }
  );

/** Kinds of field, for lookup tables keyed by kind. */
export type FieldKind = FieldNode['kind'];

const fieldBaseShape = {
  name: z.string(),
  label: z.string().min(1),
  required: z.boolean(),
  nullable: z.boolean(),
  help_text: z.string().optional(),
  default: z.unknown().optional(),
};

const optionalNumber = z.number().optional();

/** Checks a field tree read from the page. */
export const fieldNodeSchema: z.ZodType<FieldNode> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ ...fieldBaseShape, kind: z.enum(['text', 'textarea', 'url']), max_length: optionalNumber }),
    z.object({ ...fieldBaseShape, kind: z.literal('date') }),
    z.object({ ...fieldBaseShape, kind: z.literal('rich_text'), max_length: optionalNumber }),
    z.object({ ...fieldBaseShape, kind: z.literal('number'), integer: z.boolean(), min: optionalNumber, max: optionalNumber }),
    z.object({ ...fieldBaseShape, kind: z.literal('boolean') }),
    z.object({ ...fieldBaseShape, kind: z.literal('select'), choices: z.array(z.tuple([z.string(), z.string()])) }),
    z.object({ ...fieldBaseShape, kind: z.literal('chooser'), target: z.enum(CHOOSER_TARGETS) }),
    z.object({ ...fieldBaseShape, kind: z.literal('struct'), children: z.array(fieldNodeSchema) }),
    z.object({ ...fieldBaseShape, kind: z.literal('list'), item: fieldNodeSchema, min_items: optionalNumber, max_items: optionalNumber }),
    z.object({ ...fieldBaseShape, kind: z.literal('stream') }),
  ]),
);

/** One block type as the editor offers it. */
export const blockDefinitionSchema = z.object({
  type: z.string().min(1),
  label: z.string().min(1),
  group: z.string().min(1),
  fields: z.array(fieldNodeSchema),
  /** Where the block is shown with its preview value, when it declares one. */
  preview_url: z.string().optional(),
});
/** One block type as the editor offers it. */
export type SerializedBlockDefinition = z.infer<typeof blockDefinitionSchema>;

/** One block of a StreamField as stored: `{type, value, id}`. */
export const streamBlockSchema = z.object({ type: z.string().min(1), value: z.unknown(), id: z.string().min(1) });
/** One block of a StreamField as stored. */
export type StreamBlock = z.infer<typeof streamBlockSchema>;
/** A whole StreamField value. */
export type StreamValue = StreamBlock[];

const chooserCollectionSchema = z.object({ id: z.number().int().positive(), label: z.string() });

/**
 * The answer of a media chooser URL (`?q=` searches, `?p=` pages, `?collection_id=` filters):
 * one page of choices, each with an optional thumbnail; the collections the user may choose from
 * (for the filter) and may upload to (for the Upload tab). An answer without the paging and
 * permission fields (as older servers send) reads as one page the user may choose from.
 */
export const chooserResponseSchema = z.object({
  results: z.array(z.object({ id: z.number().int().positive(), title: z.string(), thumbnail_url: z.string().optional() })),
  page: z.number().int().positive().default(1),
  num_pages: z.number().int().nonnegative().default(1),
  /** False when the user may choose from no collection at all. */
  can_choose: z.boolean().default(true),
  collections: z.array(chooserCollectionSchema).default([]),
  /** Whether the user holds 'add' on some collection: the Upload tab is offered. */
  can_upload: z.boolean().default(false),
  upload_collections: z.array(chooserCollectionSchema).default([]),
});
/** A chooser URL's answer, as a server writes it (the defaulted fields may be left out). */
export type ChooserResponse = z.input<typeof chooserResponseSchema>;
/** A chooser URL's answer, as the modal reads it. */
export type ChooserAnswer = z.output<typeof chooserResponseSchema>;
/** One choice of a chooser. */
export type ChooserChoice = ChooserAnswer['results'][number];

/** The answer of a chooser upload (`/wagtail/{kind}/chooser/upload/`): 201 with the new item, or 400 with errors per field. */
export const chooserUploadResponseSchema = z.union([
  z.object({ result: z.object({ id: z.number().int().positive(), title: z.string(), thumbnail_url: z.string().optional() }) }),
  z.object({ errors: z.record(z.string(), z.array(z.string())) }),
]);

/** Marks clipboard text as a block copied from this editor, so foreign text is never pasted. */
export const CLIPBOARD_KIND = 'red-harbor/streamfield-block';

/** A copied block, as written to the clipboard and to localStorage. */
export const clipboardPayloadSchema = z.object({ kind: z.literal(CLIPBOARD_KIND), version: z.literal(1), block: streamBlockSchema });
/** A copied block. */
export type ClipboardPayload = z.infer<typeof clipboardPayloadSchema>;

/** One problem with a block's value, at a path inside it (empty: the block as a whole). */
export const fieldErrorSchema = z.object({ path: z.array(z.union([z.string(), z.number().int().nonnegative()])), message: z.string().min(1) });
/** One problem with a block's value. */
export type FieldError = z.infer<typeof fieldErrorSchema>;
/** The problems of a StreamField's blocks, keyed by block id (nested blocks by their own id). */
export type StreamErrors = Record<string, FieldError[]>;

/** How a page mounts an editor: the form field name, block types, value and chooser URLs. */
export const streamFieldConfigSchema = z.object({
  name: z.string().min(1),
  definitions: z.array(blockDefinitionSchema),
  value: z.array(streamBlockSchema),
  choosers: z.partialRecord(z.enum(CHOOSER_TARGETS), z.string()).default({}),
  /** Titles of the references already in the value, keyed `target:id`, so choosers show names. */
  reference_titles: z.record(z.string(), z.string()).default({}),
  /** Validation problems from the last save, shown beside their fields. */
  errors: z.record(z.string(), z.array(fieldErrorSchema)).default({}),
  /** Translations for this page's language; English shows when absent. */
  catalog: z.record(z.string(), z.string()).optional(),
});
/** How a page mounts an editor. */
export type StreamFieldConfig = z.infer<typeof streamFieldConfigSchema>;

/**
 * How a page edit form mounts the editors of its type's own fields (all but the StreamFields,
 * which mount as above): per field its form name, field tree and value, with the problems of
 * the last save at their paths inside it.
 */
export const pageFieldsConfigSchema = z.object({
  fields: z.array(z.object({ name: z.string().min(1), node: fieldNodeSchema, value: z.unknown(), errors: z.array(fieldErrorSchema).default([]) })),
  /** Block types, for a field that holds a StreamField of its own; empty when none does. */
  definitions: z.array(blockDefinitionSchema).default([]),
  choosers: z.partialRecord(z.enum(CHOOSER_TARGETS), z.string()).default({}),
  reference_titles: z.record(z.string(), z.string()).default({}),
  catalog: z.record(z.string(), z.string()).optional(),
});
/** How a page edit form mounts its own fields' editors. */
export type PageFieldsConfig = z.infer<typeof pageFieldsConfigSchema>;
