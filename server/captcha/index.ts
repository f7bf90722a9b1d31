export { builtinCaptcha, MIN_FILL_MS, signCaptchaToken } from './builtin';
export { createCaptcha } from './create-captcha';
export { hostedCaptcha, HOSTED_CAPTCHAS } from './siteverify';
export { CAPTCHA_FAILED_MESSAGE, type CaptchaProvider, type CaptchaProviderName, type CaptchaVerdict } from './provider';
