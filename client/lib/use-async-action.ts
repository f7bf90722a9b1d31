import { useCallback, useRef, useState } from 'react';

/** A visitor's asynchronous action (send a form, cancel a booking): whether it runs, why it last failed, and how to start it. */
export interface AsyncAction {
  /** Whether the action is under way; its button is disabled meanwhile. */
  isRunning: boolean;
  /** The last failure in the visitor's words, or null. */
  error: string | null;
  /** Starts `action` and clears the error, unless an action is under way: a double click runs it once. */
  run(action: () => Promise<unknown>): void;
  /** Shows `message` as the error without running anything: a check before sending, a failed load beside the form. */
  fail(message: string): void;
}

/**
 * The busy, error and run-once state of a visitor panel or form. `describeError` turns a
 * failure into the line the visitor reads (and logs what the visitor cannot act on).
 */
export function useAsyncAction(describeError: (error: unknown) => string): AsyncAction {
  const [isRunning, setIsRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A ref, not the state: a second click can arrive before React has re-rendered with the first.
  const running = useRef(false);

  const run = useCallback(
    (action: () => Promise<unknown>) => {
      if (running.current) return;
      running.current = true;
      setIsRunning(true);
      setError(null);
      action()
        .catch((failure: unknown) => setError(describeError(failure)))
        .finally(() => {
          running.current = false;
          setIsRunning(false);
        });
    },
    [describeError],
  );
  const fail = useCallback((message: string) => setError(message), []);

  return { isRunning, error, run, fail };
}
