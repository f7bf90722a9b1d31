import { useEffect, useRef, useState } from 'react';
import { gettext } from '../../lib/i18n';
import type { SerializedField, SerializedWidget } from '../../lib/server-forms';
import FieldError from './FieldError';
import { widgetProps } from './widget-props';

/** Props of CaptchaField. */
export interface CaptchaFieldProps {
  field: SerializedField;
  errors: readonly string[] | undefined;
}

interface HostedApi {
  render(container: HTMLElement, options: { sitekey: string }): unknown;
}

// The global each hosted captcha script installs, by the class its widget carries.
const HOSTED_GLOBALS: Record<string, string> = { 'g-recaptcha': 'grecaptcha', 'h-captcha': 'hcaptcha', 'cf-turnstile': 'turnstile' };

/**
 * A hosted captcha's box. It is drawn after mount (the provider's script fills it in, which the
 * server render must not contain); when the script is already loaded it is asked to draw here.
 */
function HostedCaptcha({ widget }: { widget: SerializedWidget }) {
  const [mounted, setMounted] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!mounted || !ref.current) return;
    const api = (window as unknown as Record<string, HostedApi | undefined>)[HOSTED_GLOBALS[String(widget.attrs.class)] ?? ''];
    if (api?.render) api.render(ref.current, { sitekey: String(widget.attrs['data-sitekey']) });
  }, [mounted, widget]);
  return mounted ? <div ref={ref} {...widgetProps(widget.attrs)} /> : <div className="form-captcha__placeholder" />;
}

/**
 * The captcha field (SPEC §5 "captcha is a checkbox widget"): the built-in check is an
 * "I'm not a robot" checkbox with its signed draw time and a honeypot only robots fill in;
 * a hosted captcha shows the provider's widget.
 */
export default function CaptchaField({ field, errors }: CaptchaFieldProps) {
  const { widget } = field;
  const id = String(widget.attrs.id ?? `id_${field.name}`);
  const errorId = `${id}_error`;
  const invalid = Boolean(errors?.length);
  if (widget.tag === 'div') {
    return (
      <div className="form-field form-captcha" data-field={field.name}>
        <HostedCaptcha widget={widget} />
        <FieldError id={errorId} errors={errors} />
      </div>
    );
  }
  const [token, honeypot] = widget.subwidgets;
  return (
    <div className={`form-field form-captcha${invalid ? ' form-field--invalid' : ''}`} data-field={field.name}>
      <label className="form-captcha__box" htmlFor={id}>
        <input className="form-check__input" {...widgetProps(widget.attrs)} aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} />
        <span className="form-captcha__label">{gettext(field.label)}</span>
      </label>
      {token && <input {...widgetProps(token.attrs)} defaultValue={token.value ?? ''} />}
      {honeypot && (
        // People never see this field; a robot filling in every box gives itself away.
        <div className="form-captcha__honeypot" aria-hidden="true">
          <label htmlFor={String(honeypot.attrs.id)}>{gettext('Leave this field empty')}</label>
          <input {...widgetProps(honeypot.attrs)} defaultValue="" />
        </div>
      )}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
