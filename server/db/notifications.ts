import pg from 'pg';

/** What a LISTEN subscription reports to its owner. */
export interface ChannelHandlers {
  /** A NOTIFY's payload. */
  message(payload: string): void;
  /** The subscription is in place, again after a loss: anything sent before may have been missed. */
  listening(): void;
  /** The subscription is gone until `listening` is reported again; nothing is heard meanwhile. */
  lost(): void;
}

/** Subscribes to a channel; the answer ends the subscription. */
export type Listen = (channel: string, handlers: ChannelHandlers) => () => Promise<void>;

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * LISTEN on a PostgreSQL server over a connection of its own, outside the pool (a pooled
 * connection would carry the subscription back to other queries). A lost connection is reported
 * and opened again, waiting longer after each failure.
 */
export function listenOnServer(url: string): Listen {
  return (channel, handlers) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delay = RETRY_MIN_MS;

    const lose = (failed: pg.Client) => {
      if (client !== failed) return;
      client = undefined;
      failed.end().catch(() => {});
      handlers.lost();
      if (!stopped) retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };

    async function connect(): Promise<void> {
      const connecting = new pg.Client({ connectionString: url, keepAlive: true });
      client = connecting;
      connecting.on('error', () => lose(connecting));
      connecting.on('end', () => lose(connecting));
      connecting.on('notification', (notice) => {
        if (notice.channel === channel && notice.payload !== undefined) handlers.message(notice.payload);
      });
      try {
        await connecting.connect();
        await connecting.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch {
        return lose(connecting);
      }
      if (client !== connecting) return;
      delay = RETRY_MIN_MS;
      handlers.listening();
    }

    void connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    };
  };
}

/** The embedded database's LISTEN, which hears the NOTIFYs of this process, the only one it serves. */
export function listenInProcess(listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>): Listen {
  return (channel, handlers) => {
    const subscription = listen(channel, (payload) => handlers.message(payload)).then(
      (unlisten) => {
        handlers.listening();
        return unlisten;
      },
      () => {
        handlers.lost();
        return async () => {};
      },
    );
    return async () => (await subscription)();
  };
}
