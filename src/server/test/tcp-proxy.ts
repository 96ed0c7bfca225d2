import net from 'node:net';

/**
 * A loopback TCP proxy in front of a real server (PostgreSQL), so that a test can cut the network
 * the way a bad night does: `cut()` resets every open connection and refuses new ones, `blackhole()`
 * accepts connections but lets nothing through (a partition: the peer never answers), `heal()`
 * forwards again.
 */
export interface TcpProxy {
  port: number;
  /** The given `postgres://` URL with host and port replaced by the proxy's. */
  url(target: string): string;
  cut(): void;
  blackhole(): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetHost: string,
  targetPort: number,
  listenPort = 0,
): Promise<TcpProxy> {
  let mode: 'open' | 'cut' | 'blackhole' = 'open';
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'cut') return client.resetAndDestroy();
    if (mode === 'blackhole') return; // accepted, never answered
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const s of sockets) s.resetAndDestroy();
  };
  return {
    port,
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut() {
      mode = 'cut';
      dropAll();
    },
    blackhole() {
      mode = 'blackhole';
      // Open connections stop answering too: their bytes go nowhere.
      for (const s of sockets) s.pause();
    },
    heal() {
      mode = 'open';
      // Paused (black-holed) connections are dead to their peers: drop them so the pool reconnects.
      dropAll();
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
