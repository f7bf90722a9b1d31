import { dictionary } from '@zxcvbn-ts/language-common';
import type { z } from 'zod';
import type { User } from '../db/schema';

/** The shortest password accepted anywhere a password is set. */
export const PASSWORD_MIN_LENGTH = 10;

/** The longest password accepted (argon2 takes any length; this only bounds the work per request). */
export const PASSWORD_MAX_LENGTH = 1024;

// zxcvbn-ts's list of the passwords most often found in breaches (about 49,000), in place of
// Django's common-passwords.txt.gz; built once, when first needed.
let commonPasswords: ReadonlySet<string> | undefined;
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.trim().toLowerCase());
}

/** Who the password is for: Django's UserAttributeSimilarityValidator compares it with these. */
export interface PasswordOwner {
  username?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

/** The attributes of a stored user that a new password must not resemble. */
export function passwordOwnerOf(user: Pick<User, 'username' | 'first_name' | 'last_name' | 'email'>): PasswordOwner {
  return { username: user.username, firstName: user.first_name, lastName: user.last_name, email: user.email };
}

const OWNER_ATTRIBUTES: ReadonlyArray<[keyof PasswordOwner, string]> = [
  ['username', 'username'],
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['email', 'email address'],
];

/** Django's default similarity threshold: at 0.7 or more the password is too close to the attribute. */
const MAX_SIMILARITY = 0.7;

/** Python difflib's SequenceMatcher.quick_ratio: shared characters (as a multiset) over total length. */
function quickRatio(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const char of b) counts.set(char, (counts.get(char) ?? 0) + 1);
  let matches = 0;
  for (const char of a) {
    const left = counts.get(char) ?? 0;
    if (left > 0) {
      matches += 1;
      counts.set(char, left - 1);
    }
  }
  return a.length + b.length === 0 ? 1 : (2 * matches) / (a.length + b.length);
}

// Django skips a value far shorter than the password: it could never make up most of it.
function tooShortToCompare(password: string, value: string): boolean {
  return password.length >= 10 * value.length && value.length < (MAX_SIMILARITY / 2) * password.length;
}

function similarAttribute(password: string, owner: PasswordOwner): string | undefined {
  const lower = password.toLowerCase();
  for (const [key, label] of OWNER_ATTRIBUTES) {
    const value = owner[key]?.toLowerCase();
    if (!value) continue;
    const parts = [...value.split(/[^\p{L}\p{N}_]+/u), value];
    if (parts.some((part) => !tooShortToCompare(lower, part) && quickRatio(lower, part) >= MAX_SIMILARITY)) return label;
  }
  return undefined;
}

/**
 * What Django's default password validators find wrong with a new password, in Django's words
 * and order (similarity to the user, minimum length, common, entirely numeric); empty when none.
 */
export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const problems: string[] = [];
  const similar = similarAttribute(password, owner);
  if (similar) problems.push(`The password is too similar to the ${similar}.`);
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`This password is too long. It must contain at most ${PASSWORD_MAX_LENGTH} characters.`);
  if (isCommon(password)) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}

/** Adds each of passwordProblems as an issue on `field`, for a form schema's superRefine. */
export function refineNewPassword(ctx: z.RefinementCtx, field: string, password: string, owner: PasswordOwner): void {
  for (const message of passwordProblems(password, owner)) ctx.addIssue({ code: 'custom', path: [field], message });
}
