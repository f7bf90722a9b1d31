import { useEffect, useState, type RefObject } from 'react';

/** Options of useVisibility: the visible share that counts, and whether to watch at all. */
export interface VisibilityOptions {
  /** Share of the element (0 to 1) that must be in the viewport; SPEC §9 uses 0.1 for videos. */
  threshold?: number;
  enabled?: boolean;
}

/** What useVisibility reports. */
export interface Visibility {
  isVisible: boolean;
}

/**
 * Whether at least `threshold` of the element is in the viewport, kept current by an
 * IntersectionObserver. False until the first observation, and on the server.
 */
export function useVisibility(ref: RefObject<Element | null>, { threshold = 0.1, enabled = true }: VisibilityOptions = {}): Visibility {
  const [isVisible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Several entries can queue up during a fast scroll; the last one is the current state.
        const latest = entries[entries.length - 1];
        if (latest) setVisible(latest.isIntersecting && latest.intersectionRatio >= threshold);
      },
      { threshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setVisible(false);
    };
  }, [ref, threshold, enabled]);
  return { isVisible };
}
