import { useEffect, useEffectEvent, type RefObject } from 'react';

/** What dismisses an open menu or popover, and what is left to others. */
export interface DismissOptions {
  /** Escape was pressed: anywhere on the page, or within `keyScope` when it is given. */
  onEscape?(event: KeyboardEvent): void;
  /** A press landed outside `inside`. */
  onOutsidePress?(event: PointerEvent): void;
  /** The menu or popover itself, with its trigger: a press in it is not an outside press. */
  inside?: RefObject<Element | null>;
  /** Where Escape counts, when not the whole page: a menu bar answers keys pressed in it. */
  keyScope?: RefObject<HTMLElement | null>;
  /** Keys and presses inside a dialog (a visitor panel, the mobile menu) are the dialog's own. */
  leavesDialogsAlone?: boolean;
}

const inDialog = (target: EventTarget | null) => target instanceof Element && target.closest('dialog, [role="dialog"]') !== null;

/**
 * The Escape-and-outside-press wiring of a menu or popover: while `isOpen`, listens for Escape
 * and for pointer presses outside it and calls the matching handler, which closes it (and moves
 * focus where that thing wants it). Nothing is listened to while closed.
 */
export function useDismiss(isOpen: boolean, { onEscape, onOutsidePress, inside, keyScope, leavesDialogsAlone = false }: DismissOptions): void {
  const escape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || (leavesDialogsAlone && inDialog(event.target))) return;
    onEscape?.(event);
  });
  const press = useEffectEvent((event: PointerEvent) => {
    if (!(event.target instanceof Node) || inside?.current?.contains(event.target) || (leavesDialogsAlone && inDialog(event.target))) return;
    onOutsidePress?.(event);
  });
  const listensForKeys = onEscape !== undefined;
  const listensForPresses = onOutsidePress !== undefined;

  useEffect(() => {
    if (!isOpen) return;
    const keyTarget: GlobalEventHandlers | null = keyScope ? keyScope.current : document;
    const onKeyDown = (event: KeyboardEvent) => escape(event);
    const onPointerDown = (event: PointerEvent) => press(event);
    if (listensForKeys) keyTarget?.addEventListener('keydown', onKeyDown);
    if (listensForPresses) document.addEventListener('pointerdown', onPointerDown);
    return () => {
      keyTarget?.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, keyScope, listensForKeys, listensForPresses]);
}
