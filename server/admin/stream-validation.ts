/**
 * Checks a submitted StreamField against the block schemas, for the edit form to show each
 * problem beside its field (the editor's `errors` config) while keeping everything typed.
 */
import type { z } from 'zod';
import type { FieldError, FieldNode, StreamErrors, StreamValue } from '../../admin-client/streamfield/schemas';
import { streamBlockSchema } from '../../admin-client/streamfield/schemas';
import { BLOCKS } from '../blocks/index';
import { serializeBlockDefinitions } from './block-definitions';

type Issue = z.core.$ZodIssue;

// zod's own wording is for developers; these say the same to an editor.
const ISSUE_MESSAGES: Partial<Record<Issue['code'], (issue: Issue) => string | null>> = {
  invalid_type: (issue) => (issue.input === undefined || issue.input === null ? 'This field is required.' : null),
  too_small: (issue) => {
    if (issue.code !== 'too_small') return null;
    if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'This field is required.' : `Use at least ${issue.minimum} characters.`;
    if (issue.origin === 'array') return Number(issue.minimum) === 1 ? 'Add at least one item.' : `Add at least ${issue.minimum} items.`;
    return `Use ${issue.minimum} or more.`;
  },
  too_big: (issue) => {
    if (issue.code !== 'too_big') return null;
    if (issue.origin === 'string') return `Use at most ${issue.maximum} characters.`;
    if (issue.origin === 'array') return `Use at most ${issue.maximum} items.`;
    return `Use ${issue.maximum} or less.`;
  },
};

/** An editor's wording of one zod issue. */
export function issueMessage(issue: Issue): string {
  return ISSUE_MESSAGES[issue.code]?.(issue) ?? issue.message;
}

let streamFieldsByType: Map<string, FieldNode[]> | undefined;

function fieldsByType(): ReadonlyMap<string, FieldNode[]> {
  streamFieldsByType ??= new Map(serializeBlockDefinitions().map((definition) => [definition.type, definition.fields]));
  return streamFieldsByType;
}

/**
 * The problems of every block, nested ones included, keyed by block id; an empty object means
 * the value can be published.
 */
export function validateStream(stream: StreamValue): StreamErrors {
  const errors: StreamErrors = {};
  collectErrors(stream, fieldsByType(), errors);
  return errors;
}

/** Where a block sits, for messages: its type, the top-level block it is (in) and whether it is nested. */
export interface BlockLocation {
  type: string;
  position: number;
  nested: boolean;
}

/** Every block of a stream, nested ones included, by id, with the 1-based top-level position it is in. */
export function blockLocations(stream: StreamValue): Map<string, BlockLocation> {
  const locations = new Map<string, BlockLocation>();
  const visit = (blocks: StreamValue, position: number | undefined) => {
    blocks.forEach((block, index) => {
      locations.set(block.id, { type: block.type, position: position ?? index + 1, nested: position !== undefined });
      for (const nested of nestedStreams(fieldsByType().get(block.type) ?? [], block.value)) visit(nested, position ?? index + 1);
    });
  };
  visit(stream, undefined);
  return locations;
}

/** The labels of the fields a problem's path walks through ("Link › Page"), list items by number. */
export function fieldPathLabel(type: string, path: ReadonlyArray<string | number>): string {
  const labels: string[] = [];
  let fields: readonly FieldNode[] = fieldsByType().get(type) ?? [];
  let node: FieldNode | undefined;
  for (const step of path) {
    if (typeof step === 'number' && node?.kind === 'list') {
      labels.push(`${step + 1}`);
      node = node.item;
    } else {
      node = fields.find((field) => field.name === step);
      labels.push(node ? node.label : String(step));
    }
    fields = node?.kind === 'struct' ? node.children : [];
  }
  return labels.join(' › ');
}

function collectErrors(stream: StreamValue, fieldsByType: ReadonlyMap<string, FieldNode[]>, errors: StreamErrors): void {
  for (const block of stream) {
    const found = blockErrors(block);
    if (found.length) errors[block.id] = found;
    const fields = fieldsByType.get(block.type) ?? [];
    for (const nested of nestedStreams(fields, block.value)) collectErrors(nested, fieldsByType, errors);
  }
}

function blockErrors(block: StreamValue[number]): FieldError[] {
  const definition = BLOCKS[block.type];
  if (!definition) return [{ path: [], message: `There is no block type “${block.type}”; delete this block.` }];
  const result = definition.schema.safeParse(block.value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.filter((step): step is string | number => typeof step !== 'symbol'), message: issueMessage(issue) }));
}

// The StreamFields inside a block value (a wrapper's content), wherever structs and lists put them.
function nestedStreams(fields: readonly FieldNode[], value: unknown): StreamValue[] {
  if (typeof value !== 'object' || value === null) return [];
  return fields.flatMap((field) => streamsIn(field, (value as Record<string, unknown>)[field.name]));
}

function streamsIn(field: FieldNode, value: unknown): StreamValue[] {
  if (field.kind === 'stream') return Array.isArray(value) ? [value.filter((block) => streamBlockSchema.safeParse(block).success) as StreamValue] : [];
  if (field.kind === 'struct') return nestedStreams(field.children, value);
  if (field.kind === 'list' && Array.isArray(value)) return value.flatMap((item) => streamsIn(field.item, item));
  return [];
}
