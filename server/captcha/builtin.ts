import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SerializedWidget } from '../../client/lib/server-forms';
import type { Db } from '../db/database';
import { claimCaptchaToken } from '../models/captcha-tokens';
import { CAPTCHA_FAILED_MESSAGE, type CaptchaProvider } from './provider';

/** A form sent sooner than this after it was drawn was filled in by a script. */
export const MIN_FILL_MS = 3000;
/** A token older than this is refused; until then it is remembered once used, so it passes only once. */
export const MAX_TOKEN_AGE_MS = 6 * 3600 * 1000;

/** The message for a form sent faster than a person can fill it in. */
export const TOO_FAST_MESSAGE = 'That was quick! Please check your details, then send the form again.';
/** The message for a token that has already passed once (a form sent again, or a replay). */
export const TOKEN_USED_MESSAGE = 'This form was already sent. Please check your details, then send it again.';

/** Names of the built-in captcha's parts, beside the checkbox itself. */
export const tokenFieldName = (htmlName: string) => `${htmlName}_token`;
export const honeypotFieldName = (htmlName: string) => `${htmlName}_website`;

/** The options of the built-in captcha: the secret that signs its tokens, where used ones are kept, and the clock. */
export interface BuiltinCaptchaOptions {
  secret: string;
  db: Db;
  now?: () => number;
}

/**
 * A token saying "this form was drawn at `issuedAt`", signed so a script cannot backdate it.
 * The random nonce tells apart two forms drawn in the same millisecond, each usable once.
 */
export function signCaptchaToken(secret: string, issuedAt: number, nonce = randomBytes(12).toString('base64url')): string {
  return `${issuedAt}.${nonce}.${signature(secret, issuedAt, nonce)}`;
}

function signature(secret: string, issuedAt: number, nonce: string): string {
  return createHmac('sha256', secret).update(`captcha:${issuedAt}:${nonce}`).digest('base64url');
}

/** When a token was issued, or null when it is malformed or its signature is not ours. */
function issuedAtOf(secret: string, token: string | undefined): number | null {
  const match = /^(\d{1,15})\.([\w-]{16})\.([\w-]{43})$/.exec(token ?? '');
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, issuedAt, match[2]!));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? issuedAt : null;
}

/**
 * The captcha a fresh machine works with, needing no network: an "I'm not a robot" checkbox,
 * a honeypot field people never see, and a signed draw time that must be at least MIN_FILL_MS
 * old; each token passes once.
 */
export function builtinCaptcha({ secret, db, now = Date.now }: BuiltinCaptchaOptions): CaptchaProvider {
  const widget = (htmlName: string, raw: string | undefined): SerializedWidget => ({
    tag: 'input',
    attrs: { type: 'checkbox', name: htmlName, id: `id_${htmlName}`, value: 'on', checked: raw === 'on', required: true },
    optgroups: [],
    subwidgets: [
      { tag: 'input', attrs: { type: 'hidden', name: tokenFieldName(htmlName) }, optgroups: [], subwidgets: [], value: signCaptchaToken(secret, now()) },
      {
        tag: 'input',
        attrs: { type: 'text', name: honeypotFieldName(htmlName), id: `id_${honeypotFieldName(htmlName)}`, tabindex: -1, autocomplete: 'off' },
        optgroups: [],
        subwidgets: [],
        value: '',
      },
    ],
    value: raw ?? null,
  });

  return {
    name: 'builtin',
    widget,
    async verify(body, { htmlName }) {
      const token = body[tokenFieldName(htmlName)];
      const issuedAt = issuedAtOf(secret, token);
      if (body[htmlName] !== 'on' || (body[honeypotFieldName(htmlName)] ?? '') !== '' || issuedAt === null) {
        return { passed: false, message: CAPTCHA_FAILED_MESSAGE };
      }
      const age = now() - issuedAt;
      if (age > MAX_TOKEN_AGE_MS || age < -MIN_FILL_MS) return { passed: false, message: CAPTCHA_FAILED_MESSAGE };
      if (age < MIN_FILL_MS) return { passed: false, message: TOO_FAST_MESSAGE };
      // Claimed last, so a post refused for another reason can still be sent again with its token.
      if (!(await claimCaptchaToken(db, token!, new Date(issuedAt + MAX_TOKEN_AGE_MS)))) return { passed: false, message: TOKEN_USED_MESSAGE };
      return { passed: true };
    },
  };
}
