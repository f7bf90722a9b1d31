import type { Logger } from 'pino';
import { z } from 'zod';
import { CAPTCHA_FAILED_MESSAGE, type CaptchaProvider, type CaptchaProviderName } from './provider';

/** The hosted captchas, each with its widget class, the field its script posts, its check endpoint, script and the origins its widget frames. */
export const HOSTED_CAPTCHAS = {
  recaptcha: {
    widgetClass: 'g-recaptcha',
    responseField: 'g-recaptcha-response',
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    scriptUrl: 'https://www.google.com/recaptcha/api.js',
    frameOrigins: ['https://www.google.com', 'https://www.recaptcha.net'],
  },
  hcaptcha: {
    widgetClass: 'h-captcha',
    responseField: 'h-captcha-response',
    verifyUrl: 'https://api.hcaptcha.com/siteverify',
    scriptUrl: 'https://js.hcaptcha.com/1/api.js',
    frameOrigins: ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  turnstile: {
    widgetClass: 'cf-turnstile',
    responseField: 'cf-turnstile-response',
    verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    frameOrigins: ['https://challenges.cloudflare.com'],
  },
} as const satisfies Record<
  Exclude<CaptchaProviderName, 'builtin'>,
  { widgetClass: string; responseField: string; verifyUrl: string; scriptUrl: string; frameOrigins: readonly string[] }
>;

/** A hosted captcha's name. */
export type HostedCaptchaName = keyof typeof HOSTED_CAPTCHAS;

/** The message when the captcha service cannot be reached. */
export const CAPTCHA_UNAVAILABLE_MESSAGE = 'We could not check the captcha just now. Please try again in a moment.';

const VERIFY_TIMEOUT_MS = 5000;

// All three answer the same shape; only `success` decides.
const siteverifyResponseSchema = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() });

/** The options of a hosted captcha: its keys, and the fetch to reach it (tests pass their own). */
export interface HostedCaptchaOptions {
  name: HostedCaptchaName;
  siteKey: string;
  secretKey: string;
  logger: Logger;
  fetch?: typeof fetch;
}

/**
 * reCAPTCHA, hCaptcha or Turnstile: the page shows the provider's widget (its script fills in
 * the response field) and the server posts that response with the secret to the siteverify endpoint.
 */
export function hostedCaptcha({ name, siteKey, secretKey, logger, fetch: fetchImpl = fetch }: HostedCaptchaOptions): CaptchaProvider {
  const hosted = HOSTED_CAPTCHAS[name];
  return {
    name,
    widget: () => ({ tag: 'div', attrs: { class: hosted.widgetClass, 'data-sitekey': siteKey }, optgroups: [], subwidgets: [], value: null }),
    async verify(body, { remoteIp }) {
      const response = body[hosted.responseField] ?? '';
      if (!response || response.length > 4096) return { passed: false, message: CAPTCHA_FAILED_MESSAGE };
      try {
        const reply = await fetchImpl(hosted.verifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: secretKey, response, remoteip: remoteIp }).toString(),
          signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
        });
        if (!reply.ok) throw new Error(`${hosted.verifyUrl} answered ${reply.status}`);
        const verdict = siteverifyResponseSchema.parse(await reply.json());
        if (verdict.success) return { passed: true };
        logger.info({ provider: name, errors: verdict['error-codes'] ?? [] }, 'Captcha refused');
        return { passed: false, message: CAPTCHA_FAILED_MESSAGE };
      } catch (error) {
        logger.error({ err: error, provider: name }, 'Captcha service unavailable');
        return { passed: false, message: CAPTCHA_UNAVAILABLE_MESSAGE };
      }
    },
  };
}
