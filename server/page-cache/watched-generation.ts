import type { Listen } from '../db/notifications';
import { CACHE_GENERATIONS_CHANNEL } from '../models/cache-generations';
import { freshReader } from './fresh-reader';

/** One cache generation as a process knows it. */
export interface WatchedGeneration {
  current(): Promise<string>;
  /** The value when it is known without a round trip (subscribed and read), else undefined. */
  known(): string | undefined;
  stop(): Promise<void>;
}

/**
 * The current value of the cache generation `name`. While subscribed to the NOTIFYs that migration
 * 0028 sends, it is known without a round trip, and a change shows in this process as soon as
 * its NOTIFY arrives, a moment after the commit. Without a subscription, and whenever it is lost,
 * every call reads the database (a change committed before the call is always seen), until the
 * subscription is back and a read made after it has set the value again.
 */
export function watchedGeneration(name: string, read: () => Promise<string>, listen?: Listen): WatchedGeneration {
  const readFresh = freshReader(read);
  let subscribed = false;
  // Moves on every subscribe and loss, so that a read begun before either cannot set `known`.
  let epoch = 0;
  let heard = 0;
  let known: number | undefined;

  const stop = listen?.(CACHE_GENERATIONS_CHANNEL, {
    message(payload) {
      const [generationName, value] = payload.split(' ');
      const generation = Number(value);
      if (generationName !== name || !Number.isSafeInteger(generation)) return;
      heard = Math.max(heard, generation);
      if (known !== undefined) known = Math.max(known, generation);
    },
    listening() {
      subscribed = true;
      epoch += 1;
      heard = 0;
      known = undefined;
    },
    lost() {
      subscribed = false;
      epoch += 1;
      known = undefined;
    },
  });

  return {
    known: () => (known === undefined ? undefined : String(known)),
    async current() {
      if (known !== undefined) return String(known);
      const startedIn = epoch;
      const value = await readFresh();
      if (!subscribed || epoch !== startedIn) return value;
      // A NOTIFY heard while the read was on its way, or another read, may be newer than this one.
      known = Math.max(known ?? 0, Number(value), heard);
      return String(known);
    },
    stop: async () => stop?.(),
  };
}
