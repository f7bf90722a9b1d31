/**
 * Serializes the registered StreamField blocks for the editor in admin-client/streamfield: each
 * block's zod schema walked into a field tree, enriched by the block's admin hints and by what
 * its references point at (an image id becomes an image chooser, and so on).
 */
import { z } from 'zod';
import type { $ZodType, $ZodTypes } from 'zod/v4/core';
import type { ChooserTarget, FieldNode, SerializedBlockDefinition } from '../../admin-client/streamfield/schemas';
// The registry first: the group modules reach stream.ts, which needs the registry initialized.
import { BLOCKS } from '../blocks/index';
import { MEDIA_BLOCKS } from '../blocks/groups/media';
import { TEXT_BLOCKS } from '../blocks/groups/text';
import { VIDEO_BLOCKS } from '../blocks/groups/video';
import { documentRefSchema, imageRefSchema, pageRefSchema, urlSchema } from '../blocks/references';
import { streamFieldSchema } from '../blocks/stream';
import { optionalRichTextSchema, richTextSchema } from '../blocks/text-fields';
import type { AdminField, BlockDefinition } from '../blocks/types';
import { videoRefSchema } from '../blocks/video';

/** The block menu's groups, in menu order. */
export const BLOCK_GROUPS: ReadonlyArray<readonly [group: string, blocks: readonly BlockDefinition[]]> = [
  ['Text and structure', TEXT_BLOCKS],
  ['Images and features', MEDIA_BLOCKS],
  ['Video and embeds', VIDEO_BLOCKS],
];

/** Raised when a block's schema has a shape the editor cannot offer. */
export class UnsupportedBlockSchemaError extends Error {
  override name = 'UnsupportedBlockSchemaError';
}

// References are plain positive ints; only the schema instance tells an image from a page.
const REFERENCE_TARGETS = new Map<$ZodType, ChooserTarget>([
  [imageRefSchema, 'image'],
  [documentRefSchema, 'document'],
  [pageRefSchema, 'page'],
  [videoRefSchema, 'video'],
]);
const RICH_TEXT_SCHEMAS = new Set<$ZodType>([richTextSchema, optionalRichTextSchema]);

// Hint kinds that stood in for editors the admin lacked; the schema now says what they are.
const PLACEHOLDER_HINT_KINDS = new Set<AdminField['kind']>(['number', 'stream']);

const STRING_KIND_BY_HINT: Partial<Record<AdminField['kind'], 'textarea' | 'url' | 'rich_text'>> = {
  textarea: 'textarea',
  url: 'url',
  rich_text: 'rich_text',
};

/** Every registered block, in registry order with its menu group, as the editor's definitions. */
export function serializeBlockDefinitions(): SerializedBlockDefinition[] {
  const groupOf = new Map(BLOCK_GROUPS.flatMap(([group, blocks]) => blocks.map((block) => [block.type, group] as const)));
  return Object.values(BLOCKS).map((block) => {
    const group = groupOf.get(block.type);
    if (!group) throw new UnsupportedBlockSchemaError(`Block ${block.type} belongs to no menu group`);
    return serializeBlockDefinition(block, group);
  });
}

/** One block as the editor's definition; its schema must be an object. */
export function serializeBlockDefinition(block: BlockDefinition, group: string): SerializedBlockDefinition {
  return { type: block.type, label: block.label, group, fields: serializeFields(block.schema, block.fields, `Block ${block.type}`) };
}

/**
 * The field tree of an object schema with its admin hints: a block's value, or a page type's
 * fields (where `stream` nodes are the StreamFields the edit form mounts editors for).
 */
export function serializeFields(schema: z.ZodType, hints: readonly AdminField[], owner: string): FieldNode[] {
  const root = fieldNode(schema, { name: '', label: owner, hintPath: '', hints: new Map(hints.map((field) => [field.name, field])) });
  if (root.kind !== 'struct') throw new UnsupportedBlockSchemaError(`${owner}: its value must be an object, not ${root.kind}`);
  return root.children;
}

interface NodeContext {
  name: string;
  label: string;
  /** Dotted path of struct keys from the block's root, as admin hints name nested fields. */
  hintPath: string;
  hints: ReadonlyMap<string, AdminField>;
}

/** What wrappers (default, nullable, pipe, lazy) said about a schema before its core type. */
interface Unwrapped {
  core: $ZodType;
  nullable: boolean;
  optional: boolean;
  defaultValue: unknown;
  hasDefault: boolean;
}

// Stops at a schema whose identity means something (a reference, rich text, a nested stream).
function unwrap(schema: $ZodType): Unwrapped {
  const result: Unwrapped = { core: schema, nullable: false, optional: false, defaultValue: undefined, hasDefault: false };
  for (;;) {
    const current = result.core;
    if (isMeaningful(current)) return result;
    const def = defOf(current);
    if (def.type === 'default' || def.type === 'prefault') {
      if (!result.hasDefault) result.defaultValue = structuredClone(def.defaultValue);
      result.hasDefault = true;
      result.core = def.innerType;
    } else if (def.type === 'nullable') {
      result.nullable = true;
      result.core = def.innerType;
    } else if (def.type === 'optional') {
      result.optional = true;
      result.core = def.innerType;
    } else if (def.type === 'pipe') {
      // The editor edits the input side; a preprocess pipe's input is its function, so its output.
      result.core = defOf(def.in).type === 'transform' ? def.out : def.in;
    } else if (def.type === 'lazy') {
      result.core = def.getter();
    } else {
      return result;
    }
  }
}

// Every zod schema is one of $ZodTypes; the cast lets `def.type` narrow the definition.
function defOf(schema: $ZodType): $ZodTypes['_zod']['def'] {
  return (schema as $ZodTypes)._zod.def;
}

function isMeaningful(schema: $ZodType): boolean {
  return REFERENCE_TARGETS.has(schema) || RICH_TEXT_SCHEMAS.has(schema) || schema === streamFieldSchema || schema === urlSchema;
}

function fieldNode(schema: $ZodType, context: NodeContext): FieldNode {
  const hint = context.hints.get(context.hintPath);
  const unwrapped = unwrap(schema);
  const kindFields = coreNode(unwrapped.core, hint, context);
  const keepsHelp = hint?.help_text && !(PLACEHOLDER_HINT_KINDS.has(hint.kind) && kindFields.kind !== hint.kind);
  return {
    name: context.name,
    label: hint?.label ?? context.label,
    required: !unwrapped.nullable && !unwrapped.optional && !unwrapped.hasDefault,
    nullable: unwrapped.nullable,
    ...(keepsHelp ? { help_text: hint.help_text } : {}),
    ...(unwrapped.hasDefault ? { default: unwrapped.defaultValue } : {}),
    ...kindFields,
  } as FieldNode;
}

type KindFields = DistributiveOmit<FieldNode, 'name' | 'label' | 'required' | 'nullable' | 'help_text' | 'default'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function coreNode(core: $ZodType, hint: AdminField | undefined, context: NodeContext): KindFields {
  const target = REFERENCE_TARGETS.get(core);
  if (target) return { kind: 'chooser', target };
  if (core === streamFieldSchema) return { kind: 'stream' };
  if (RICH_TEXT_SCHEMAS.has(core)) return { kind: 'rich_text', max_length: jsonSchemaOf(core).maxLength };
  if (core === urlSchema) return { kind: 'url', max_length: jsonSchemaOf(core).maxLength };
  const def = defOf(core);
  switch (def.type) {
    case 'string':
      return stringNode(core, hint);
    case 'number': {
      const json = jsonSchemaOf(core);
      return { kind: 'number', integer: json.type === 'integer', min: json.minimum, max: json.maximum };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'select', choices: enumChoices(Object.values(def.entries).map(String), hint) };
    case 'object':
      return { kind: 'struct', children: Object.entries(def.shape).map(([key, child]) => fieldNode(child as $ZodType, childContext(context, key))) };
    case 'array': {
      const json = jsonSchemaOf(core);
      const item = fieldNode(def.element, { ...context, name: '', label: context.hints.get(context.hintPath)?.label ?? context.label });
      return { kind: 'list', item, min_items: json.minItems, max_items: json.maxItems };
    }
    default:
      throw new UnsupportedBlockSchemaError(`Field ${context.hintPath || context.label}: the editor has no field for a ${def.type} schema`);
  }
}

function stringNode(core: $ZodType, hint: AdminField | undefined): KindFields {
  const json = jsonSchemaOf(core);
  if (json.format === 'date') return { kind: 'date' };
  if (json.format === 'uri' || json.format === 'url') return { kind: 'url', max_length: json.maxLength };
  return { kind: (hint && STRING_KIND_BY_HINT[hint.kind]) ?? 'text', max_length: json.maxLength };
}

function enumChoices(values: string[], hint: AdminField | undefined): Array<[string, string]> {
  const labels = new Map(hint?.choices ?? []);
  return values.map((value) => [value, labels.get(value) ?? humanize(value)]);
}

function childContext(parent: NodeContext, key: string): NodeContext {
  return { ...parent, name: key, label: humanize(key), hintPath: parent.hintPath ? `${parent.hintPath}.${key}` : key };
}

const ACRONYMS: Record<string, string> = { url: 'URL', id: 'ID', cta: 'CTA', faq: 'FAQ', faqs: 'FAQs' };

/** `hidden_content` → `Hidden content`, `twoThirds` → `Two thirds`, `url` → `URL`. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.toLowerCase());
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const jsonSchemaFieldsSchema = z.looseObject({
  type: z.string().optional(),
  format: z.string().optional(),
  maxLength: z.number().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  minItems: z.number().optional(),
  maxItems: z.number().optional(),
});

// zod keeps limits inside its checks; its JSON Schema export is the public way to read them.
function jsonSchemaOf(schema: $ZodType): z.infer<typeof jsonSchemaFieldsSchema> {
  return jsonSchemaFieldsSchema.parse(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
}
