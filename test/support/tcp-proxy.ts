import net, { type AddressInfo, type Socket } from 'node:net';

/** A TCP proxy on 127.0.0.1 whose traffic a test can cut off and restore. */
export interface TcpProxy {
  port: number;
  /**
   * Stops forwarding in both directions, as a network that drops every packet: nothing is
   * refused or reset, bytes and closes just do not arrive.
   */
  cut(): void;
  /** Forwards again, delivering what was held back, as TCP does when it resends after a partition heals. */
  restore(): void;
  /** How many sends (data or closes) wait for restore(). */
  heldCount(): number;
  close(): Promise<void>;
}

/** Starts a proxy to `target`; each accepted connection gets its own upstream connection. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let isCut = false;
  const held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const deliver = (send: () => void) => (isCut ? held.push(send) : send());
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => deliver(() => to.write(chunk)));
    from.on('end', () => deliver(() => to.end()));
    from.on('error', () => deliver(() => to.destroy()));
  };
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = net.connect({ ...target, allowHalfOpen: true });
    track(client);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      isCut = true;
    },
    restore() {
      isCut = false;
      for (const send of held.splice(0)) send();
    },
    heldCount: () => held.length,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
