/**
 * Serializes the registered StreamField blocks and the page types' fields for the editor in
 * admin-client/streamfield: each zod schema walked into a field tree, its labels, help texts
 * and widgets read from the schema's `.meta()` (server/blocks/field-meta.ts) and nothing else.
 */
import { z } from 'zod';
import type { $ZodType, $ZodTypes } from 'zod/v4/core';
import { CHOOSER_TARGETS, type ChooserTarget, type FieldNode, type SerializedBlockDefinition } from '../../admin-client/streamfield/schemas';
import { BLOCKS } from '../blocks/index';
import { MEDIA_BLOCKS } from '../blocks/groups/media';
import { TEXT_BLOCKS } from '../blocks/groups/text';
import { VIDEO_BLOCKS } from '../blocks/groups/video';
import { fieldMeta, type FieldWidget } from '../blocks/field-meta';
import type { BlockDefinition } from '../blocks/types';
import { BLOCK_PREVIEW_URL } from './block-preview';
import type { PageTypeDefinition } from '../pagetypes/types';

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
  return {
    type: block.type,
    label: block.label,
    group,
    fields: serializeFields(block.schema, `Block ${block.type}`),
    ...(block.preview === undefined ? {} : { preview_url: `${BLOCK_PREVIEW_URL}?${new URLSearchParams({ id: block.type })}` }),
  };
}

/**
 * The field tree of an object schema: a block's value, or a page type's fields (where `stream`
 * nodes are the StreamFields the edit form mounts editors for).
 */
export function serializeFields(schema: $ZodType, owner: string): FieldNode[] {
  const root = fieldNode(schema, { name: '', label: owner, path: '' });
  if (root.kind !== 'struct') throw new UnsupportedBlockSchemaError(`${owner}: its value must be an object, not ${root.kind}`);
  return root.children;
}

const pageTypeTrees = new Map<string, FieldNode[]>();

/** A page type's fields as the edit form draws them, derived once per type. */
export function pageTypeFields(pageType: Pick<PageTypeDefinition, 'name' | 'fields'>): FieldNode[] {
  let fields = pageTypeTrees.get(pageType.name);
  if (!fields) {
    fields = serializeFields(pageType.fields, `Page type ${pageType.name}`);
    pageTypeTrees.set(pageType.name, fields);
  }
  return fields;
}

interface NodeContext {
  name: string;
  /** The label when the schema names none: the key, humanized. */
  label: string;
  /** Dotted path of struct keys from the root, for error messages. */
  path: string;
}

/** What wrappers (default, nullable, pipe, lazy) and every layer's `.meta()` said about a schema before its core type. */
interface Unwrapped {
  core: $ZodType;
  nullable: boolean;
  optional: boolean;
  defaultValue: unknown;
  hasDefault: boolean;
  /** The outermost layer's word wins: a field's own label over the shared schema's. */
  meta: z.GlobalMeta;
}

function unwrap(schema: $ZodType): Unwrapped {
  const result: Unwrapped = { core: schema, nullable: false, optional: false, defaultValue: undefined, hasDefault: false, meta: {} };
  for (;;) {
    const current = result.core;
    result.meta = { ...fieldMeta(current), ...result.meta };
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
    } else if (def.type === 'catch') {
      result.core = def.innerType;
    } else {
      return result;
    }
  }
}

// Every zod schema is one of $ZodTypes; the cast lets `def.type` narrow the definition.
function defOf(schema: $ZodType): $ZodTypes['_zod']['def'] {
  return (schema as $ZodTypes)._zod.def;
}

function fieldNode(schema: $ZodType, context: NodeContext): FieldNode {
  const unwrapped = unwrap(schema);
  const { meta } = unwrapped;
  const label = meta.label ?? context.label;
  const kindFields = coreNode(unwrapped.core, meta, { ...context, label });
  return {
    name: context.name,
    label,
    required: !unwrapped.nullable && !unwrapped.optional && !unwrapped.hasDefault,
    nullable: unwrapped.nullable,
    ...(meta.help_text ? { help_text: meta.help_text } : {}),
    ...(unwrapped.hasDefault ? { default: unwrapped.defaultValue } : {}),
    ...kindFields,
  };
}

type KindFields = DistributiveOmit<FieldNode, 'name' | 'label' | 'required' | 'nullable' | 'help_text' | 'default'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function isChooserTarget(widget: FieldWidget | undefined): widget is ChooserTarget {
  return (CHOOSER_TARGETS as readonly string[]).includes(widget ?? '');
}

function coreNode(core: $ZodType, meta: z.GlobalMeta, context: NodeContext): KindFields {
  const def = defOf(core);
  const where = `Field ${context.path || context.label}`;
  if (isChooserTarget(meta.widget)) {
    if (def.type !== 'number') throw new UnsupportedBlockSchemaError(`${where}: a ${meta.widget} chooser stores an id, not a ${def.type}`);
    return { kind: 'chooser', target: meta.widget };
  }
  if (meta.widget === 'stream') return { kind: 'stream' };
  switch (def.type) {
    case 'string':
      return stringNode(core, meta.widget, where);
    case 'number': {
      const json = jsonSchemaOf(core);
      return { kind: 'number', integer: json.type === 'integer', min: json.minimum, max: json.maximum };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'select', choices: enumChoices(Object.values(def.entries).map(String), meta) };
    case 'object':
      return { kind: 'struct', children: Object.entries(def.shape).map(([key, child]) => fieldNode(child, childContext(context, key))) };
    case 'array': {
      const json = jsonSchemaOf(core);
      const item = fieldNode(def.element, { ...context, name: '' });
      return { kind: 'list', item, min_items: json.minItems, max_items: json.maxItems };
    }
    default:
      throw new UnsupportedBlockSchemaError(`${where}: the editor has no field for a ${def.type} schema`);
  }
}

const STRING_WIDGETS = new Set<FieldWidget>(['rich_text', 'textarea', 'url']);

function stringNode(core: $ZodType, widget: FieldWidget | undefined, where: string): KindFields {
  const json = jsonSchemaOf(core);
  if (widget && !STRING_WIDGETS.has(widget)) throw new UnsupportedBlockSchemaError(`${where}: a string cannot be edited as ${widget}`);
  if (json.format === 'date') return { kind: 'date' };
  if (json.format === 'uri' || json.format === 'url') return { kind: 'url', max_length: json.maxLength };
  return { kind: (widget as 'rich_text' | 'textarea' | 'url' | undefined) ?? 'text', max_length: json.maxLength };
}

function enumChoices(values: string[], meta: z.GlobalMeta): Array<[string, string]> {
  const labels = new Map(meta.choices ?? []);
  return values.map((value) => [value, labels.get(value) ?? humanize(value)]);
}

function childContext(parent: NodeContext, key: string): NodeContext {
  return { name: key, label: humanize(key), path: parent.path ? `${parent.path}.${key}` : key };
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
