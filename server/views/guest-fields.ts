/** The fields a guest types into the wait-list and reservation panels, validated the same way in both APIs. */
import type { Request } from 'express';
import { z } from 'zod';
import { ValidationError } from '../errors';

/** Required text, trimmed, with a length limit; messages name the field. */
export const requiredText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(max, `${name} must be at most ${max} characters.`);

/** Optional text: blank counts as absent. */
export const optionalText = (name: string, max: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), requiredText(name, max).optional());

/** A restaurant id. */
export const rlidField = z.number({ error: 'rlid must be a whole number.' }).int('rlid must be a whole number.').positive('rlid must be a positive whole number.').max(2147483647, 'rlid is out of range.');

/** A party size between 1 and `max`. */
export const partySizeField = (max: number) =>
  z.number({ error: 'partySize must be a whole number.' }).int('partySize must be a whole number.').min(1, 'partySize must be at least 1.').max(max, `partySize must be at most ${max}.`);

/** Who the guest is and how the restaurant reaches them. */
export const guestContactFields = {
  firstName: requiredText('firstName', 100),
  lastName: requiredText('lastName', 100),
  phone: requiredText('phone', 30).regex(/^\+?[\d\s().-]{7,30}$/, 'phone must be a phone number, e.g. (555) 555-0100.'),
  email: optionalText('email', 254).pipe(z.email('email must be an email address.').optional()),
  note: optionalText('note', 500),
};

/** A JSON object with exactly these fields: an unknown field is named, a non-object refused. */
export const guestRequest = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : 'The body must be a JSON object.') });

/** A number from the query string: absent or blank is undefined. */
export const queryInteger = (name: string) =>
  z.preprocess((value) => (value === undefined || value === '' ? undefined : Number(value)), z.number({ error: `${name} must be a whole number.` }));

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The request's Idempotency-Key header (a double click or a retry carries the same key), or null; 400 when malformed. */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.get('Idempotency-Key');
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY.test(key)) throw new ValidationError('Idempotency-Key must be 8 to 64 letters, digits, - or _.');
  return key;
}

/** All messages of a failed parse, in order. */
export function issueMessages(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(' ');
}
