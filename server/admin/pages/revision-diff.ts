import { z } from 'zod';
import { gettext } from '../../../client/lib/i18n';
import { streamBlockSchema, type StreamBlock } from '../../../admin-client/streamfield/schemas';
import { BLOCKS } from '../../blocks/index';
import type { RevisionSnapshot } from '../../models/pages';
import type { PageTypeDefinition } from '../../pagetypes/types';

/** A field whose value differs between two snapshots, as text. */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** What happened to one block (matched by id) between two snapshots. */
export interface BlockChange {
  id: string;
  typeLabel: string;
  status: 'added' | 'removed' | 'changed';
  before: string;
  after: string;
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

const storedStream = z.array(streamBlockSchema).catch([]);

/** Readable text of a stored value: tags of rich text dropped, nested values as `key: value`. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join('; ');
  if (typeof value === 'object') {
    const block = streamBlockSchema.safeParse(value);
    if (block.success) return valueText(block.data.value);
    return Object.entries(value)
      .map(([key, item]) => [key, valueText(item)] as const)
      .filter(([, text]) => text !== '')
      .map(([key, text]) => `${key}: ${text}`)
      .join('; ');
  }
  return '';
}

function yesNo(value: boolean): string {
  return value ? gettext('Yes') : gettext('No');
}

function typeLabelOf(block: StreamBlock): string {
  return BLOCKS[block.type]?.label ?? block.type;
}

function compareStream(label: string, before: unknown, after: unknown): StreamChange | null {
  const old = storedStream.parse(before);
  const next = storedStream.parse(after);
  const oldById = new Map(old.map((block) => [block.id, block]));
  const nextById = new Map(next.map((block) => [block.id, block]));
  const blocks: BlockChange[] = [];
  for (const block of next) {
    const previous = oldById.get(block.id);
    if (!previous) blocks.push({ id: block.id, typeLabel: typeLabelOf(block), status: 'added', before: '', after: valueText(block.value) });
    else if (previous.type !== block.type || JSON.stringify(previous.value) !== JSON.stringify(block.value)) {
      blocks.push({ id: block.id, typeLabel: typeLabelOf(block), status: 'changed', before: valueText(previous.value), after: valueText(block.value) });
    }
  }
  for (const block of old) {
    if (!nextById.has(block.id)) blocks.push({ id: block.id, typeLabel: typeLabelOf(block), status: 'removed', before: valueText(block.value), after: '' });
  }
  const keptBefore = old.filter((block) => nextById.has(block.id)).map((block) => block.id);
  const keptAfter = next.filter((block) => oldById.has(block.id)).map((block) => block.id);
  const reordered = keptBefore.join('\n') !== keptAfter.join('\n');
  return blocks.length > 0 || reordered ? { label, blocks, reordered } : null;
}

/** What differs, field by field and block by block, from `before` to `after`. */
export function diffSnapshots(pageType: PageTypeDefinition, before: RevisionSnapshot, after: RevisionSnapshot): SnapshotDiff {
  const common: Array<[label: string, before: string, after: string]> = [
    [gettext('Title'), before.title, after.title],
    [gettext('Slug'), before.slug, after.slug],
    [gettext('SEO title'), before.seo_title, after.seo_title],
    [gettext('Search description'), before.search_description, after.search_description],
    [gettext('Show in menus'), yesNo(before.show_in_menus), yesNo(after.show_in_menus)],
  ];
  const fields: FieldChange[] = common.filter(([, old, next]) => old !== next).map(([label, old, next]) => ({ label, before: old, after: next }));
  const streams: StreamChange[] = [];
  for (const field of pageType.adminFields) {
    const old = before.content[field.name];
    const next = after.content[field.name];
    const label = gettext(field.label);
    if (field.kind === 'stream') {
      const change = compareStream(label, old, next);
      if (change) streams.push(change);
    } else if (JSON.stringify(old ?? null) !== JSON.stringify(next ?? null)) {
      fields.push(field.kind === 'boolean' ? { label, before: yesNo(old === true), after: yesNo(next === true) } : { label, before: valueText(old), after: valueText(next) });
    }
  }
  return { fields, streams };
}
