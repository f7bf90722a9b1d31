import type { Logger } from 'pino';
import { ConfigError, type Config } from '../config';
import type { Db } from '../db/database';
import { builtinCaptcha } from './builtin';
import type { CaptchaProvider } from './provider';
import { hostedCaptcha } from './siteverify';

/**
 * The captcha the configuration asks for: a hosted one when CAPTCHA_PROVIDER names it and both
 * keys are set, else the built-in check, so a machine without keys still takes submissions.
 */
export function createCaptcha(config: Config, db: Db, logger: Logger, fetchImpl?: typeof fetch): CaptchaProvider {
  const name = config.CAPTCHA_PROVIDER;
  if (name === 'builtin') return builtinCaptcha({ secret: config.SECRET_KEY, db });
  if (!config.CAPTCHA_SITE_KEY || !config.CAPTCHA_SECRET_KEY) {
    throw new ConfigError(`Invalid environment variable CAPTCHA_PROVIDER ("${name}"): CAPTCHA_SITE_KEY and CAPTCHA_SECRET_KEY are required`);
  }
  return hostedCaptcha({ name, siteKey: config.CAPTCHA_SITE_KEY, secretKey: config.CAPTCHA_SECRET_KEY, logger, fetch: fetchImpl });
}
