import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SerializedWidget } from '../../client/lib/server-forms';
import { CAPTCHA_FAILED_MESSAGE, type CaptchaProvider } from './provider';

/** A form sent sooner than this after it was drawn was filled in by a script. */
export const MIN_FILL_MS = 3000;
/** A token older than this is refused, so a harvested token cannot be replayed for long. */
export const MAX_TOKEN_AGE_MS = 6 * 3600 * 1000;

/** The message for a form sent faster than a person can fill it in. */
export const TOO_FAST_MESSAGE = 'That was quick! Please check your details, then send the form again.';

/** Names of the built-in captcha's parts, beside the checkbox itself. */
export const tokenFieldName = (htmlName: string) => `${htmlName}_token`;
export const honeypotFieldName = (htmlName: string) => `${htmlName}_website`;

/** The options of the built-in captcha: the secret that signs its tokens and the clock. */
export interface BuiltinCaptchaOptions {
  secret: string;
  now?: () => number;
}

/** A token saying "this form was drawn at `issuedAt`", signed so a script cannot backdate it. */
export function signCaptchaToken(secret: string, issuedAt: number): string {
  return `${issuedAt}.${signature(secret, issuedAt)}`;
}

function signature(secret: string, issuedAt: number): string {
  return createHmac('sha256', secret).update(`captcha:${issuedAt}`).digest('base64url');
}

/** When a token was issued, or null when it is malformed or its signature is not ours. */
function issuedAtOf(secret: string, token: string | undefined): number | null {
  const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token ?? '');
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, issuedAt));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? issuedAt : null;
}

/**
 * The captcha a fresh machine works with, needing no network: an "I'm not a robot" checkbox,
 * a honeypot field people never see, and a signed draw time that must be at least MIN_FILL_MS old.
 */
export function builtinCaptcha({ secret, now = Date.now }: BuiltinCaptchaOptions): CaptchaProvider {
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
      const issuedAt = issuedAtOf(secret, body[tokenFieldName(htmlName)]);
      if (body[htmlName] !== 'on' || (body[honeypotFieldName(htmlName)] ?? '') !== '' || issuedAt === null) {
        return { passed: false, message: CAPTCHA_FAILED_MESSAGE };
      }
      const age = now() - issuedAt;
      if (age > MAX_TOKEN_AGE_MS || age < -MIN_FILL_MS) return { passed: false, message: CAPTCHA_FAILED_MESSAGE };
      if (age < MIN_FILL_MS) return { passed: false, message: TOO_FAST_MESSAGE };
      return { passed: true };
    },
  };
}
