import { useEffect, useState } from 'react';
import { panelErrorMessage } from './PanelError';

/**
 * What `load` gives, undefined until it has answered (and again while newer `deps` load); an
 * answer that arrives after the deps changed is dropped, and a failure is handed to `onError`
 * as a message for the guest.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[], onError: (message: string) => void): T | undefined {
  const [value, setValue] = useState<{ deps: readonly unknown[]; value: T }>();
  useEffect(() => {
    let current = true;
    load()
      .then((loaded) => current && setValue({ deps, value: loaded }))
      .catch((failure: unknown) => current && onError(panelErrorMessage(failure)));
    return () => {
      current = false;
    };
    // The caller's deps are what the load depends on.
  }, deps);
  return value && value.deps.every((dep, index) => Object.is(dep, deps[index])) ? value.value : undefined;
}
