/** The fields a guest types into the wait-list and reservation panels, validated the same way in both APIs. */
import type { Request } from 'express';
import { z } from 'zod';
import { GUEST_CONTACT_MAX_LENGTH as MAX } from '../../client/lib/guest-contact';
import { ValidationError } from '../errors';

/**
 * The label of each field a guest or host types, as the forms show it: messages name fields by
 * these, since the visitor panels and the host stand show them to people as they are.
 */
export const GUEST_FIELD_LABELS = {
  partySize: 'Party size',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  email: 'Email',
  note: 'Note',
  date: 'Date',
  time: 'Time',
} as const;

/** Required text, trimmed, with a length limit; messages name the field by its label. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional text: blank counts as absent. */
const optionalText = (label: string, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), requiredText(label, max).optional());

/** A restaurant id. */
export const rlidField = z
  .number({ error: 'rlid must be a whole number.' })
  .int('rlid must be a whole number.')
  .positive('rlid must be a positive whole number.')
  .max(2147483647, 'rlid is out of range.');

/** A party size between 1 and `max`. */
export const partySizeField = (max: number) =>
  z
    .number({ error: `${GUEST_FIELD_LABELS.partySize} must be a whole number.` })
    .int(`${GUEST_FIELD_LABELS.partySize} must be a whole number.`)
    .min(1, `${GUEST_FIELD_LABELS.partySize} must be at least 1.`)
    .max(max, `${GUEST_FIELD_LABELS.partySize} must be at most ${max}.`);

/** Who the guest is and how the restaurant reaches them. */
export const guestContactFields = {
  firstName: requiredText(GUEST_FIELD_LABELS.firstName, MAX.firstName),
  lastName: requiredText(GUEST_FIELD_LABELS.lastName, MAX.lastName),
  phone: requiredText(GUEST_FIELD_LABELS.phone, MAX.phone).regex(/^\+?[\d\s().-]{7,30}$/, `${GUEST_FIELD_LABELS.phone} must be a phone number, e.g. (555) 555-0100.`),
  email: optionalText(GUEST_FIELD_LABELS.email, MAX.email).pipe(z.email(`${GUEST_FIELD_LABELS.email} must be an email address.`).optional()),
  note: optionalText(GUEST_FIELD_LABELS.note, MAX.note),
};

/** A JSON object with exactly these fields: an unknown field is named, a non-object refused. */
export const guestRequest = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : 'The body must be a JSON object.') });

/** A number from the query string or a form field: absent or blank is undefined. */
export const queryInteger = (label: string) =>
  z.preprocess((value) => (value === undefined || value === '' ? undefined : Number(value)), z.number({ error: `${label} must be a whole number.` }));

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The request's Idempotency-Key header (a double click or a retry carries the same key), or null; 400 when malformed. */
export function idempotencyKeyOf(req: Request): string | null {
  return idempotencyKeyFrom(req.get('Idempotency-Key'));
}

/** An Idempotency-Key header's value as a key, or null without one; 400 when malformed. */
export function idempotencyKeyFrom(key: string | undefined): string | null {
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(key)) throw new ValidationError('Idempotency-Key must be 8 to 64 letters, digits, - or _.');
  return key;
}

/** All messages of a failed parse, in order. */
export function issueMessages(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(' ');
}
