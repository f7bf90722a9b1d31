import { useEffect, useRef, useState, type FormEvent } from 'react';

/** What useSubmitOnce gives a form: whether it was sent, and its submit handler. */
export interface SubmitOnce {
  submitting: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
}

/**
 * Lets a form be sent once (SPEC §4 "Contact form"): the first submit goes ahead and disables
 * the button; any further submit, even one fired before React re-renders, is blocked. Coming
 * back to the page from the browser's history makes the form usable again.
 */
export function useSubmitOnce(): SubmitOnce {
  const sent = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sent.current = false;
      setSubmitting(false);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  return {
    submitting,
    onSubmit(event) {
      if (sent.current) {
        event.preventDefault();
        return;
      }
      sent.current = true;
      setSubmitting(true);
    },
  };
}
