/**
 * Pure operations on StreamField values: the editor calls these for every structural change,
 * so they are tested without a browser. None mutates its input.
 */
import {
  CHOOSER_TARGETS,
  CLIPBOARD_KIND,
  type ChooserTarget,
  clipboardPayloadSchema,
  type ClipboardPayload,
  type FieldNode,
  type SerializedBlockDefinition,
  type StreamBlock,
  type StreamValue,
} from './schemas';

/** Makes a new block id; the editor passes a random UUID, tests a counter. */
export type MakeId = () => string;

/** One step into a value: a struct key or a list index. */
export type PathStep = string | number;

/** A copy of `items` with `item` at `index` (clamped to the ends). */
export function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  const at = Math.max(0, Math.min(index, items.length));
  return [...items.slice(0, at), item, ...items.slice(at)];
}

/** A copy of `items` without the one at `index`. */
export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, position) => position !== index);
}

/** A copy of `items` with the one at `from` moved to `to` (clamped); unchanged when out of range. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length) return [...items];
  const target = Math.max(0, Math.min(to, items.length - 1));
  const rest = removeAt(items, from);
  return insertAt(rest, target, items[from]!);
}

/** The value at `path` inside `value`, or undefined when the path leads nowhere. */
export function getAtPath(value: unknown, path: readonly PathStep[]): unknown {
  return path.reduce<unknown>((current, step) => (isContainer(current) ? (current as Record<PathStep, unknown>)[step] : undefined), value);
}

/** A copy of `value` with `next` at `path`, copying only the structs and lists along the way. */
export function setAtPath(value: unknown, path: readonly PathStep[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [step, ...rest] = path as [PathStep, ...PathStep[]];
  if (typeof step === 'number') {
    const list: unknown[] = Array.isArray(value) ? (value as unknown[]).slice() : [];
    list[step] = setAtPath(list[step], rest, next);
    return list;
  }
  const struct = isContainer(value) && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  struct[step] = setAtPath(struct[step], rest, next);
  return struct;
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

const EMPTY_BY_KIND: Record<FieldNode['kind'], (node: FieldNode) => unknown> = {
  text: () => '',
  textarea: () => '',
  url: () => '',
  date: () => '',
  rich_text: () => '',
  number: (node) => (node.kind === 'number' && node.min !== undefined ? node.min : null),
  boolean: () => false,
  select: (node) => (node.kind === 'select' && !node.nullable ? (node.choices[0]?.[0] ?? '') : null),
  chooser: () => null,
  struct: (node) => (node.kind === 'struct' ? emptyStructValue(node.children) : {}),
  list: (node) => (node.kind === 'list' ? Array.from({ length: node.min_items ?? 0 }, () => emptyValue(node.item)) : []),
  stream: () => [],
};

/** What a new field holds: its schema default, null when optional, else its kind's empty value. */
export function emptyValue(node: FieldNode): unknown {
  if (node.default !== undefined) return structuredClone(node.default);
  if (node.nullable) return null;
  return EMPTY_BY_KIND[node.kind](node);
}

/** The value of a new struct (or block) with these fields. */
export function emptyStructValue(fields: readonly FieldNode[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, emptyValue(field)]));
}

/** A new block of this type with every field at its starting value. */
export function newBlock(definition: SerializedBlockDefinition, makeId: MakeId): StreamBlock {
  return { type: definition.type, id: makeId(), value: emptyStructValue(definition.fields) };
}

/** Definitions by type name, for look-ups while walking values. */
export type DefinitionsByType = ReadonlyMap<string, SerializedBlockDefinition>;

/** Indexes definitions by type. */
export function definitionsByType(definitions: readonly SerializedBlockDefinition[]): DefinitionsByType {
  return new Map(definitions.map((definition) => [definition.type, definition]));
}

/**
 * A deep copy of `block` under a new id, the blocks of its nested StreamFields renumbered too,
 * so a page never holds two blocks with one id.
 */
export function copyWithFreshIds(block: StreamBlock, definitions: DefinitionsByType, makeId: MakeId): StreamBlock {
  const id = makeId();
  const definition = definitions.get(block.type);
  const value = definition ? freshenStruct(definition.fields, block.value, definitions, makeId) : structuredClone(block.value);
  return { type: block.type, id, value };
}

function freshenStruct(fields: readonly FieldNode[], value: unknown, definitions: DefinitionsByType, makeId: MakeId): unknown {
  if (!isContainer(value) || Array.isArray(value)) return structuredClone(value);
  const copy: Record<string, unknown> = structuredClone(value as Record<string, unknown>);
  for (const field of fields) copy[field.name] = freshenField(field, copy[field.name], definitions, makeId);
  return copy;
}

function freshenField(field: FieldNode, value: unknown, definitions: DefinitionsByType, makeId: MakeId): unknown {
  if (field.kind === 'stream' && Array.isArray(value)) {
    return value.map((child: StreamBlock) => copyWithFreshIds(child, definitions, makeId));
  }
  if (field.kind === 'struct') return freshenStruct(field.children, value, definitions, makeId);
  if (field.kind === 'list' && Array.isArray(value)) return value.map((item) => freshenField(field.item, item, definitions, makeId));
  return value;
}

/** What a copied block puts on the clipboard. */
export function clipboardPayload(block: StreamBlock): ClipboardPayload {
  return { kind: CLIPBOARD_KIND, version: 1, block: structuredClone(block) };
}

/** Why clipboard text cannot be pasted here. */
export type PasteRefusal = 'not-a-block' | 'type-not-allowed';

/** The outcome of reading clipboard text: a block ready to insert, or why not. */
export type PasteResult = { ok: true; block: StreamBlock } | { ok: false; reason: PasteRefusal };

/**
 * Reads clipboard text as a copied block: it must be this editor's payload and of a type this
 * StreamField allows. The block comes back with fresh ids, ready to insert.
 */
export function readClipboardText(text: string, definitions: DefinitionsByType, makeId: MakeId): PasteResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not-a-block' };
  }
  const payload = clipboardPayloadSchema.safeParse(json);
  if (!payload.success) return { ok: false, reason: 'not-a-block' };
  if (!definitions.has(payload.data.block.type)) return { ok: false, reason: 'type-not-allowed' };
  return { ok: true, block: copyWithFreshIds(payload.data.block, definitions, makeId) };
}

/** The list at `path` inside a block value with a new item (its empty value) at `index`. */
export function addListItem(value: unknown, path: readonly PathStep[], item: FieldNode, index: number): unknown {
  const list = getAtPath(value, path);
  return setAtPath(value, path, insertAt(Array.isArray(list) ? list : [], index, emptyValue(item)));
}

/** The list at `path` inside a block value with the item at `from` moved to `to`. */
export function moveListItem(value: unknown, path: readonly PathStep[], from: number, to: number): unknown {
  const list = getAtPath(value, path);
  return setAtPath(value, path, moveItem(Array.isArray(list) ? list : [], from, to));
}

/** The list at `path` inside a block value without the item at `index`. */
export function removeListItem(value: unknown, path: readonly PathStep[], index: number): unknown {
  const list = getAtPath(value, path);
  return setAtPath(value, path, removeAt(Array.isArray(list) ? list : [], index));
}

/**
 * The ids each kind of chooser in a stream points at, nested blocks included, in first-seen
 * order: what an edit page looks up to show titles instead of ids (`reference_titles`).
 */
export function referencedIds(stream: StreamValue, definitions: DefinitionsByType): Record<ChooserTarget, number[]> {
  const found = Object.fromEntries(CHOOSER_TARGETS.map((target) => [target, new Set<number>()])) as Record<ChooserTarget, Set<number>>;
  const visitStream = (blocks: StreamValue) => {
    for (const block of blocks) visitFields(definitions.get(block.type)?.fields ?? [], block.value);
  };
  const visitFields = (fields: readonly FieldNode[], value: unknown) => {
    if (!isContainer(value)) return;
    for (const field of fields) visitField(field, (value as Record<string, unknown>)[field.name]);
  };
  const visitField = (field: FieldNode, value: unknown) => {
    if (field.kind === 'chooser' && typeof value === 'number') found[field.target].add(value);
    else if (field.kind === 'struct') visitFields(field.children, value);
    else if (field.kind === 'list' && Array.isArray(value)) for (const item of value) visitField(field.item, item);
    else if (field.kind === 'stream' && Array.isArray(value)) visitStream(value as StreamValue);
  };
  visitStream(stream);
  return Object.fromEntries(CHOOSER_TARGETS.map((target) => [target, [...found[target]]])) as Record<ChooserTarget, number[]>;
}
