import { z } from 'zod';
import { gettext, interpolate } from '../../../client/lib/i18n';
import { streamBlockSchema, type FieldNode, type StreamBlock, type StreamValue } from '../../../admin-client/streamfield/schemas';
import type { DefinitionsByType } from '../../../admin-client/streamfield/value-ops';
import { BLOCKS } from '../../blocks/index';
import { pageTypeFields } from '../block-definitions';
import type { RevisionSnapshot } from '../../models/pages';
import type { PageTypeDefinition } from '../../pagetypes/types';
import { sanitizeRichText } from '../../rich-text';

/** A field whose value differs between two snapshots, as text under its label. */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** What happened to one block (matched by id) between two snapshots, field by field. */
export interface BlockChange {
  id: string;
  /** "Hero (block 2)": its type's label and its place in the newer version (the older one if removed). */
  name: string;
  status: 'added' | 'removed' | 'changed';
  fields: FieldChange[];
}

/** The block changes of one StreamField; `reordered` when the kept blocks changed order. */
export interface StreamChange {
  label: string;
  blocks: BlockChange[];
  reordered: boolean;
}

/** Everything that differs between two snapshots of one page. */
export interface SnapshotDiff {
  fields: FieldChange[];
  streams: StreamChange[];
}

/** What the diff reads values with: the blocks' field trees and the titles of references (`image:12`). */
export interface DiffContext {
  definitions: DefinitionsByType;
  referenceTitles: Readonly<Record<string, string>>;
}

const storedStream = z.array(streamBlockSchema).catch([]);

/** A stored StreamField value as a list of blocks; anything else is an empty stream. */
export function storedBlocks(value: unknown): StreamValue {
  return storedStream.parse(value);
}

function yesNo(value: boolean): string {
  return value ? gettext('Yes') : gettext('No');
}

function richTextWords(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * A value reduced to what an editor can change: keys in the field tree's order, rich text as
 * the sanitizer would store it, empties alike. Two values are the same change-wise when their
 * canonical forms are, so key order, defaults filled in by the editor or markup the sanitizer
 * rewrites never show as a change.
 */
function canonical(node: FieldNode | undefined, value: unknown, context: DiffContext): unknown {
  if (isEmpty(value)) return null;
  if (!node) return value;
  switch (node.kind) {
    case 'rich_text':
      return typeof value === 'string' ? sanitizeRichText(value).replace(/\s+/g, ' ').trim() || null : value;
    case 'struct':
      return isRecord(value) ? node.children.map((child) => canonical(child, value[child.name], context)) : value;
    case 'list':
      return Array.isArray(value) ? value.map((item) => canonical(node.item, item, context)) : value;
    case 'stream':
      return storedBlocks(value).map((block) => [block.type, blockCanonical(block, context)]);
    default:
      return value;
  }
}

/** A block's value with its schema's defaults filled in, so a default left out reads as the default. */
function blockValue(block: StreamBlock | undefined): Record<string, unknown> {
  if (!block) return {};
  const parsed = BLOCKS[block.type]?.schema.safeParse(block.value);
  const value = parsed?.success ? parsed.data : block.value;
  return isRecord(value) ? value : {};
}

function blockCanonical(block: StreamBlock, context: DiffContext): unknown {
  const fields = context.definitions.get(block.type)?.fields;
  const value = blockValue(block);
  return fields ? fields.map((field) => canonical(field, value[field.name], context)) : block.value;
}

function sameValue(node: FieldNode | undefined, before: unknown, after: unknown, context: DiffContext): boolean {
  return JSON.stringify(canonical(node, before, context)) === JSON.stringify(canonical(node, after, context));
}

function typeLabelOf(type: string, context: DiffContext): string {
  return gettext(context.definitions.get(type)?.label ?? BLOCKS[type]?.label ?? type);
}

/** Readable text of a value under its field: labels, choice labels and referenced titles, never raw keys or ids. */
export function describeValue(node: FieldNode | undefined, value: unknown, context: DiffContext): string {
  if (isEmpty(value)) return '';
  if (!node) return genericText(value);
  switch (node.kind) {
    case 'rich_text':
      return typeof value === 'string' ? richTextWords(value) : genericText(value);
    case 'boolean':
      return yesNo(value === true);
    case 'select':
      return gettext(node.choices.find(([choice]) => choice === value)?.[1] ?? String(value));
    case 'chooser':
      return context.referenceTitles[`${node.target}:${String(value)}`] ?? interpolate('{target} {id} (missing)', { target: node.target, id: String(value) });
    case 'struct':
      return isRecord(value) ? labelled(node.children, value, context) : genericText(value);
    case 'list':
      return Array.isArray(value)
        ? value
            .map((item) => describeValue(node.item, item, context))
            .filter(Boolean)
            .join('; ')
        : genericText(value);
    case 'stream':
      return storedBlocks(value)
        .map((block) => `${typeLabelOf(block.type, context)}: ${describeBlock(block, context)}`)
        .join('; ');
    default:
      return typeof value === 'object' ? genericText(value) : String(value);
  }
}

function labelled(fields: readonly FieldNode[], value: Record<string, unknown>, context: DiffContext): string {
  return fields
    .map((field) => [gettext(field.label), describeValue(field, value[field.name], context)] as const)
    .filter(([, text]) => text !== '')
    .map(([label, text]) => `${label}: ${text}`)
    .join('; ');
}

function describeBlock(block: StreamBlock, context: DiffContext): string {
  const fields = context.definitions.get(block.type)?.fields;
  return fields && isRecord(block.value) ? labelled(fields, block.value, context) : genericText(block.value);
}

// Only for values with no field tree (a block type since removed): words, never markup.
function genericText(value: unknown): string {
  if (isEmpty(value)) return '';
  if (typeof value === 'string') return richTextWords(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(genericText).filter(Boolean).join('; ');
  if (isRecord(value)) return Object.values(value).map(genericText).filter(Boolean).join('; ');
  return '';
}

/** The fields of a block that differ, or every filled field of an added or removed block. */
function blockFieldChanges(before: StreamBlock | undefined, after: StreamBlock | undefined, context: DiffContext): FieldChange[] {
  const type = (after ?? before)!.type;
  const fields = context.definitions.get(type)?.fields;
  const [old, next] = [blockValue(before), blockValue(after)];
  if (!fields || (before && after && before.type !== after.type)) {
    return [{ label: gettext('Content'), before: before ? describeBlock(before, context) : '', after: after ? describeBlock(after, context) : '' }];
  }
  return fields
    .filter((field) => !sameValue(field, old[field.name], next[field.name], context))
    .map((field) => ({ label: gettext(field.label), before: describeValue(field, old[field.name], context), after: describeValue(field, next[field.name], context) }));
}

function blockName(block: StreamBlock, position: number, context: DiffContext): string {
  return interpolate('{type} (block {n})', { type: typeLabelOf(block.type, context), n: position });
}

function compareStream(label: string, before: unknown, after: unknown, context: DiffContext): StreamChange | null {
  const old = storedBlocks(before);
  const next = storedBlocks(after);
  const oldById = new Map(old.map((block) => [block.id, block]));
  const nextById = new Map(next.map((block) => [block.id, block]));
  const blocks: BlockChange[] = [];
  next.forEach((block, index) => {
    const previous = oldById.get(block.id);
    const fields = blockFieldChanges(previous, block, context);
    if (fields.length > 0) blocks.push({ id: block.id, name: blockName(block, index + 1, context), status: previous ? 'changed' : 'added', fields });
  });
  old.forEach((block, index) => {
    if (!nextById.has(block.id)) blocks.push({ id: block.id, name: blockName(block, index + 1, context), status: 'removed', fields: blockFieldChanges(block, undefined, context) });
  });
  const keptBefore = old.filter((block) => nextById.has(block.id)).map((block) => block.id);
  const keptAfter = next.filter((block) => oldById.has(block.id)).map((block) => block.id);
  const reordered = keptBefore.join('\n') !== keptAfter.join('\n');
  return blocks.length > 0 || reordered ? { label, blocks, reordered } : null;
}

/** What differs, field by field and block by block, from `before` to `after`, in the editor's words. */
export function diffSnapshots(pageType: PageTypeDefinition, before: RevisionSnapshot, after: RevisionSnapshot, context: DiffContext): SnapshotDiff {
  const common: Array<[label: string, before: string, after: string]> = [
    [gettext('Title'), before.title, after.title],
    [gettext('Slug'), before.slug, after.slug],
    [gettext('SEO title'), before.seo_title, after.seo_title],
    [gettext('Search description'), before.search_description, after.search_description],
    [gettext('Show in menus'), yesNo(before.show_in_menus), yesNo(after.show_in_menus)],
  ];
  const fields: FieldChange[] = common.filter(([, old, next]) => old !== next).map(([label, old, next]) => ({ label, before: old, after: next }));
  const streams: StreamChange[] = [];
  for (const node of pageTypeFields(pageType)) {
    const old = before.content[node.name];
    const next = after.content[node.name];
    const label = gettext(node.label);
    if (node.kind === 'stream') {
      const change = compareStream(label, old, next, context);
      if (change) streams.push(change);
      continue;
    }
    if (!sameValue(node, old, next, context)) fields.push({ label, before: describeValue(node, old, context), after: describeValue(node, next, context) });
  }
  return { fields, streams };
}
