import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Icon from '../components/Icon';
import { gettext, interpolate } from '../lib/i18n';
import { useAsyncAction } from '../lib/use-async-action';

/** Props of the unsubscribe block. */
export interface UnsubscribeProps {
  heading: string;
  intro: string;
}

/** SPEC §9: how long an unsubscribe can take to reach every mailing. */
const UNSUBSCRIBE_DAYS = 5;

/** The line a visitor reads when the request failed; what failed goes to the log. */
function unsubscribeFailureMessage(error: unknown): string {
  // A ResponseShapeError carries a report of what the server sent; it belongs in the log.
  console.error(error);
  return gettext('We could not update your email preferences just now. Please try again.');
}

/**
 * The unsubscribe form: the email comes prefilled from `utm_unsub` and the campaign id from
 * `blid` when the visitor followed an email's link. Both are read after mount, so the server
 * render and hydration agree. The first error the server gives shows beneath the email.
 */
export default function Unsubscribe({ heading, intro }: UnsubscribeProps) {
  const [email, setEmail] = useState('');
  const [broadLogId, setBroadLogId] = useState<string | undefined>(undefined);
  const [isDone, setIsDone] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const sending = useAsyncAction(unsubscribeFailureMessage);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const emailId = useId();
  const errorId = useId();

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const prefill = query.get('utm_unsub');
    if (prefill) setEmail(prefill.trim());
    setBroadLogId(query.get('blid') ?? undefined);
  }, []);

  useEffect(() => {
    // The form the visitor was in is gone; move focus to what replaced it.
    if (isDone) confirmationRef.current?.focus();
  }, [isDone]);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    sending.run(async () => {
      setFieldError(null);
      // The request and its response check load with the first submit, not with the page.
      const { postUnsubscribe } = await import('../lib/api-client');
      const result = await postUnsubscribe(email.trim(), broadLogId);
      if (result.isValid) setIsDone(true);
      else setFieldError(result.errors[0] ?? gettext('Enter a valid email address.'));
    });
  }

  if (isDone) {
    return (
      <section className="unsubscribe">
        <div ref={confirmationRef} className="unsubscribe__confirmation" role="status" tabIndex={-1}>
          <Icon name="check" className="unsubscribe__check" />
          <p className="unsubscribe__confirmation-title">{gettext('You have been unsubscribed.')}</p>
          <p>
            {interpolate('{email} will no longer receive our marketing emails. Please allow up to {days} days for this change to take effect.', {
              email: email.trim(),
              days: UNSUBSCRIBE_DAYS,
            })}
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="unsubscribe">
      {heading && <h2 className="unsubscribe__heading">{heading}</h2>}
      {intro && <p className="unsubscribe__intro">{intro}</p>}
      <form className="form unsubscribe__form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={emailId} className="form__label">
          {gettext('Email Address')}
        </label>
        <input
          id={emailId}
          className="form__input"
          type="email"
          name="Email"
          required
          maxLength={254}
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
        />
        {fieldError && (
          <p id={errorId} className="form__error unsubscribe__error" role="alert">
            {interpolate('Error: {message}', { message: fieldError })}
          </p>
        )}
        {sending.error && (
          <p className="form__error" role="alert">
            {sending.error}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={sending.isRunning}>
          {sending.isRunning ? gettext('Unsubscribing…') : gettext('Unsubscribe')}
        </button>
      </form>
    </section>
  );
}
