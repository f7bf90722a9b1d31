/**
 * How a page type's own fields travel in the edit form's POST, one form field each: text as
 * it is, a number or a chosen reference as its digits (empty for none), a checkbox as 'on',
 * and lists, structs and StreamFields as JSON. The editor writes these; the server reads them
 * back (server/admin/pages/page-form.ts), and a form posted without the editor still works.
 */
import type { FieldNode } from './schemas';
import { emptyValue } from './value-ops';

const JSON_KINDS = new Set<FieldNode['kind']>(['struct', 'list', 'stream']);

/** The form value of one top-level field. */
export function encodeFieldValue(node: FieldNode, value: unknown): string {
  const current = value === undefined ? emptyValue(node) : value;
  if (JSON_KINDS.has(node.kind)) return JSON.stringify(current ?? null);
  if (node.kind === 'boolean') return current === true ? 'on' : '';
  return current === null || current === undefined ? '' : String(current);
}
