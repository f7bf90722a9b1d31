import type { ReactNode } from 'react';
import CsrfField from './CsrfField';

/** Props of the card that asks for credentials before a restricted page. */
export interface RestrictedFormProps {
  title: string;
  intro: string;
  action: string;
  hiddenFields: Record<string, string>;
  error: string | null;
  submitLabel: string;
  children: ReactNode;
}

/** The card both restricted-page forms share: title, intro, error, fields and a submit button. */
export default function RestrictedForm({ title, intro, action, hiddenFields, error, submitLabel, children }: RestrictedFormProps) {
  return (
    <section className="template-restricted container">
      <div className="restricted-card">
        <h1 className="page-title">{title}</h1>
        <p>{intro}</p>
        <form method="post" action={action} className="form">
          <CsrfField />
          {Object.entries(hiddenFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          {children}
          <button type="submit" className="button button--primary">
            {submitLabel}
          </button>
        </form>
      </div>
    </section>
  );
}
