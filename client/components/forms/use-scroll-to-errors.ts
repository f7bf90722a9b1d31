import { useEffect, type RefObject } from 'react';

/** When the server sent the form back with errors, scrolls it into view and focuses its first invalid field (SPEC §4). */
export function useScrollToErrors(formRef: RefObject<HTMLElement | null>, hasErrors: boolean): void {
  useEffect(() => {
    if (!hasErrors || !formRef.current) return;
    formRef.current.scrollIntoView({ block: 'start' });
    const invalid = formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus({ preventScroll: true });
  }, [formRef, hasErrors]);
}
