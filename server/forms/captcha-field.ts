import { z } from 'zod';
import type { CaptchaProvider } from '../captcha/provider';
import type { FieldDefinition } from './fields';

/** The captcha field: drawn by the provider, checked by it after the other fields (see checkCaptcha). */
export function captchaField(provider: CaptchaProvider, label: string): FieldDefinition<string | undefined> {
  return { name: 'captcha', label, help_text: '', required: true, schema: z.string().optional(), widget: (htmlName, raw) => provider.widget(htmlName, raw) };
}
