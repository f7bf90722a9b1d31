import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC §9: navigation menu delays. */
export const MENU_OPEN_DELAY_MS = 200;
/** After a menu closes, another opens at once within this window (moving along the bar). */
export const MENU_SKIP_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 150;

/** The open submenu of a menu bar and the pointer/keyboard handlers that drive it. */
export interface MenuIntent {
  openId: string | null;
  /** Pointer entered a trigger or its panel. */
  pointerEnter(id: string): void;
  /** Pointer left a trigger or its panel. */
  pointerLeave(): void;
  /** Click or keyboard: toggles at once. */
  toggle(id: string): void;
  close(): void;
}

/**
 * Hover intent for a menu bar: opening waits MENU_OPEN_DELAY_MS unless a menu was open within
 * the last MENU_SKIP_DELAY_MS; closing waits MENU_CLOSE_DELAY_MS so the pointer can cross gaps.
 */
export function useMenuIntent(): MenuIntent {
  const [openId, setOpenId] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastClosedAt = useRef(0);
  const openRef = useRef<string | null>(null);

  const setOpen = useCallback((id: string | null) => {
    if (openRef.current && !id) lastClosedAt.current = Date.now();
    openRef.current = id;
    setOpenId(id);
  }, []);

  const clearTimer = () => clearTimeout(timer.current);
  useEffect(() => clearTimer, []);

  const pointerEnter = useCallback(
    (id: string) => {
      clearTimer();
      const skipping = openRef.current !== null || Date.now() - lastClosedAt.current < MENU_SKIP_DELAY_MS;
      if (skipping) setOpen(id);
      else timer.current = setTimeout(() => setOpen(id), MENU_OPEN_DELAY_MS);
    },
    [setOpen],
  );
  const pointerLeave = useCallback(() => {
    clearTimer();
    timer.current = setTimeout(() => setOpen(null), MENU_CLOSE_DELAY_MS);
  }, [setOpen]);
  const toggle = useCallback(
    (id: string) => {
      clearTimer();
      setOpen(openRef.current === id ? null : id);
    },
    [setOpen],
  );
  const close = useCallback(() => {
    clearTimer();
    setOpen(null);
  }, [setOpen]);

  return { openId, pointerEnter, pointerLeave, toggle, close };
}
