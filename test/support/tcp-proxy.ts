import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * What becomes of the connections that were open while the network was cut: `resume` delivers
 * what was held back, as TCP does when it resends after a partition heals; `lose` ends them on
 * the server side and leaves the app's side silent for good, as when the database fails over to
 * another machine and the old one's connections go nowhere.
 */
export type AfterCut = 'resume' | 'lose';

/** A TCP proxy on 127.0.0.1 whose traffic a test can cut off and restore. */
export interface TcpProxy {
  port: number;
  /**
   * Stops forwarding in both directions, as a network that drops every packet: nothing is
   * refused or reset, bytes and closes just do not arrive.
   */
  cut(): void;
  /**
   * Stops forwarding the server's replies once the app has sent bytes holding `marker` (a value
   * only one statement carries): the statement reaches PostgreSQL, which runs and commits it,
   * and its answer is lost, as when the network fails just after a COMMIT went out.
   */
  cutRepliesAfter(marker: string): void;
  /** Forwards again; connections opened from now on work, those open during the cut fare as `afterCut` says. */
  restore(afterCut: AfterCut): void;
  /** How many sends (data or closes) wait for restore(). */
  heldCount(): number;
  /** Closes every open connection at once, as a database restart does; new ones still go through. */
  reset(): void;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket;
  isLost: boolean;
}

/** Starts a proxy to `target`; each accepted connection gets its own upstream connection. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let isCut = false;
  let areRepliesCut = false;
  let repliesCutAfter: Buffer | undefined;
  let held: { link: Link; send: () => void }[] = [];
  const links = new Set<Link>();
  const forward = (link: Link, from: Socket, to: Socket, carries: 'statements' | 'replies') => {
    const deliver = (send: () => void) => {
      if (link.isLost) return;
      if (isCut || (areRepliesCut && carries === 'replies')) held.push({ link, send });
      else send();
    };
    from.on('data', (chunk: Buffer) => {
      if (carries === 'statements' && repliesCutAfter && chunk.includes(repliesCutAfter)) {
        repliesCutAfter = undefined;
        areRepliesCut = true;
      }
      deliver(() => to.write(chunk));
    });
    from.on('end', () => deliver(() => to.end()));
    from.on('error', () => deliver(() => to.destroy()));
  };
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const link: Link = { client, upstream: net.connect({ ...target, allowHalfOpen: true }), isLost: false };
    links.add(link);
    client.on('close', () => links.delete(link));
    forward(link, client, link.upstream, 'statements');
    forward(link, link.upstream, client, 'replies');
  });
  const reset = () => {
    for (const link of links) {
      link.client.destroy();
      link.upstream.destroy();
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      isCut = true;
    },
    cutRepliesAfter(marker) {
      repliesCutAfter = Buffer.from(marker, 'utf8');
    },
    restore(afterCut) {
      if (!isCut && !areRepliesCut) return;
      isCut = false;
      areRepliesCut = false;
      repliesCutAfter = undefined;
      if (afterCut === 'lose') {
        for (const link of links) {
          link.isLost = true;
          link.upstream.destroy();
        }
      }
      const pending = held;
      held = [];
      for (const { link, send } of pending) if (!link.isLost) send();
    },
    heldCount: () => held.length,
    reset,
    async close() {
      reset();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
