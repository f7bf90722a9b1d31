import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';

/** How often the scroll position is read while the visitor scrolls (SPEC §9). */
export const SCROLL_THROTTLE_MS = 100;

/** How long the menu waits for every section on the page to register (SPEC §9). */
export const NAV_MENU_READY_TIMEOUT_MS = 500;

/** What the menu logs when sections did not all register in time (SPEC §8). */
export const NAV_MENU_READY_TIMEOUT_MESSAGE = 'navMenuReady timeout exceeded';

/** The attribute that marks a section's element, so the menu can count and find sections. */
export const SECTION_ATTRIBUTE = 'data-scroll-nav-section';

// A section counts as reached once its top is this close below the sticky bar: going to a
// section leaves its top a little under the bar (its scroll-margin-top), and that must count.
const REACHED_BELOW_BAR_PX = 48;

// A scroll to a chosen section counts as over once no scroll event came for this long. Until
// then the sections it passes do not take the highlight (scrollend is not in every browser).
const SCROLL_SETTLE_MS = 150;

/** One entry of the scroll nav menu: a section's element id, its title and where it sorts. */
export interface ScrollNavEntry {
  id: string;
  title: string;
  sortOrder: number;
}

/** The sections of one page, which the menu lists and the markers register into. */
export interface ScrollNavRegistry {
  /** Adds a section once (a second one with the same id is ignored); returns its removal. */
  register(entry: ScrollNavEntry): () => void;
  subscribe(listener: () => void): () => void;
  /** The registered entries by sortOrder, ties in registration (page) order; stable between changes. */
  entries(): readonly ScrollNavEntry[];
}

/** Creates an empty registry; the page has one, tests make their own. */
export function createScrollNavRegistry(): ScrollNavRegistry {
  const byId = new Map<string, ScrollNavEntry>();
  const listeners = new Set<() => void>();
  let sorted: readonly ScrollNavEntry[] = [];
  const publish = () => {
    sorted = [...byId.values()].sort((a, b) => a.sortOrder - b.sortOrder);
    for (const listener of listeners) listener();
  };
  return {
    register(entry) {
      if (byId.has(entry.id)) return () => {};
      byId.set(entry.id, entry);
      publish();
      return () => {
        if (byId.get(entry.id) !== entry) return;
        byId.delete(entry.id);
        publish();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    entries: () => sorted,
  };
}

// The page's registry. Markers register from effects, which never run during a server render,
// so one module-level registry cannot mix the sections of two requests.
const scrollNavRegistry = createScrollNavRegistry();

/** A throttled call: `run` calls at once, then at most once per `ms`, the last call of a burst included. */
export interface Throttled {
  run(): void;
  cancel(): void;
}

/** Throttles `fn` to once per `ms`, keeping the trailing call so the final position is always read. */
export function throttle(fn: () => void, ms: number, now: () => number = () => performance.now()): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = now();
    fn();
  };
  return {
    run() {
      const wait = last + ms - now();
      if (wait <= 0) fire();
      else timer ??= setTimeout(fire, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Where a section's top is, relative to the top of the viewport. */
export interface SectionPosition {
  id: string;
  top: number;
}

/**
 * The section being read: the one whose top passed `line` most recently. At the very bottom
 * of the page the last section on screen wins, since it may be too short to ever reach the line.
 */
export function activeSectionId(sections: readonly SectionPosition[], line: number, atPageBottom: boolean, viewportHeight: number): string | null {
  const limit = atPageBottom ? viewportHeight : line;
  let active: SectionPosition | null = null;
  for (const section of sections) {
    if (section.top <= limit && (!active || section.top > active.top)) active = section;
  }
  return active?.id ?? null;
}

/** Registers a section while it is mounted; tells whether it is the first on the page, which shows the menu. */
export function useScrollNavSection(entry: ScrollNavEntry, sectionRef: RefObject<HTMLElement | null>): { hostsMenu: boolean } {
  const [hostsMenu, setHostsMenu] = useState(false);
  const { id, title, sortOrder } = entry;
  useEffect(() => scrollNavRegistry.register({ id, title, sortOrder }), [id, title, sortOrder]);
  useEffect(() => {
    setHostsMenu(document.querySelector(`[${SECTION_ATTRIBUTE}]`) === sectionRef.current);
  }, [sectionRef]);
  return { hostsMenu };
}

/**
 * Waits until every section element on the page has registered, or NAV_MENU_READY_TIMEOUT_MS,
 * so the menu does not appear with entries missing and then grow; warns when the wait ran out.
 */
function useNavMenuReady(registered: number): boolean {
  const [ready, setReady] = useState(false);
  const readyRef = useRef(false);
  useEffect(() => {
    if (readyRef.current || registered < document.querySelectorAll(`[${SECTION_ATTRIBUTE}]`).length) return;
    readyRef.current = true;
    setReady(true);
  }, [registered]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (readyRef.current) return;
      console.warn(NAV_MENU_READY_TIMEOUT_MESSAGE);
      readyRef.current = true;
      setReady(true);
    }, NAV_MENU_READY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/** Mirrors the highlighted section in the address, adding no history entry and causing no jump. */
function replaceHash(id: string | null, knownIds: ReadonlySet<string>): void {
  const current = decodeURIComponent(location.hash.slice(1));
  if (id === null) {
    // Only clear a fragment this menu set; an unrelated one belongs to someone else.
    if (knownIds.has(current)) history.replaceState(history.state, '', location.pathname + location.search);
    return;
  }
  if (current !== id) history.replaceState(history.state, '', `#${id}`);
}

/** What the menu renders from: the entries (none until ready), the highlighted one, and how to go to one. */
export interface ScrollNavMenuState {
  entries: readonly ScrollNavEntry[];
  activeId: string | null;
  scrollToSection(id: string): void;
}

/**
 * Drives the menu: follows the scroll position (throttled) to highlight the section being read
 * and mirror it in the address hash, and scrolls smoothly to a section when asked. `menuRef` is
 * the sticky bar; a section counts as reached once its top comes near the bar's lower edge.
 */
export function useScrollNavMenu(menuRef: RefObject<HTMLElement | null>): ScrollNavMenuState {
  const entries = useSyncExternalStore(scrollNavRegistry.subscribe, scrollNavRegistry.entries, () => scrollNavRegistry.entries());
  const ready = useNavMenuReady(entries.length);
  const [activeId, setActiveId] = useState<string | null>(null);
  const scrollingToSection = useRef(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const update = useCallback(
    (writeHash: boolean) => {
      const menu = menuRef.current;
      // Where the bar's lower edge is once stuck, whether or not it has got there yet.
      const line = (menu ? parseFloat(getComputedStyle(menu).top) + menu.offsetHeight : 0) + REACHED_BELOW_BAR_PX;
      const sections = entries.flatMap((entry) => {
        const element = document.getElementById(entry.id);
        return element ? [{ id: entry.id, top: element.getBoundingClientRect().top }] : [];
      });
      const atPageBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const id = activeSectionId(sections, line, atPageBottom, window.innerHeight);
      setActiveId(id);
      if (writeHash) replaceHash(id, new Set(entries.map((entry) => entry.id)));
    },
    [entries, menuRef],
  );

  useEffect(() => {
    if (!ready) return;
    // Only scrolling moves the hash: the position on arrival is highlighted, the address kept.
    update(false);
    const throttled = throttle(() => update(true), SCROLL_THROTTLE_MS);
    const onScroll = () => {
      if (!scrollingToSection.current) return throttled.run();
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => (scrollingToSection.current = false), SCROLL_SETTLE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      throttled.cancel();
      clearTimeout(settleTimer.current);
      window.removeEventListener('scroll', onScroll);
    };
  }, [ready, update]);

  const scrollToSection = useCallback((id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    // The chosen section keeps the highlight once there, even one too near the page end to
    // reach the bar; the visitor's next scroll recomputes it.
    scrollingToSection.current = true;
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(() => (scrollingToSection.current = false), SCROLL_SETTLE_MS);
    setActiveId(id);
    history.replaceState(history.state, '', `#${id}`);
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' });
    // Keyboard and screen reader users continue reading from the section they chose.
    target.focus({ preventScroll: true });
  }, []);

  return { entries: ready ? entries : [], activeId, scrollToSection };
}
