import { useEffect, useEffectEvent, useState } from 'react';
import { panelErrorMessage } from './PanelError';

/**
 * What `load` gives, undefined until it has answered (and again while newer `deps` load); an
 * answer that arrives after the deps changed is dropped, and a failure is handed to `onError`
 * as a message for the guest.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[], onError: (message: string) => void): T | undefined {
  const [value, setValue] = useState<{ deps: readonly unknown[]; value: T }>();
  // The newest load and onError, called for the deps that changed: a caller passes them inline.
  const start = useEffectEvent((isCurrent: () => boolean) => {
    load()
      .then((loaded) => isCurrent() && setValue({ deps, value: loaded }))
      .catch((failure: unknown) => isCurrent() && onError(panelErrorMessage(failure)));
  });
  useEffect(() => {
    let current = true;
    start(() => current);
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps are what the load depends on; callers are checked through additionalHooks
  }, deps);
  return value && value.deps.every((dep, index) => Object.is(dep, deps[index])) ? value.value : undefined;
}
