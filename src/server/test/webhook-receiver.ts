import http from 'node:http';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** When the request was fully received (epoch ms). */
  at: number;
}

/**
 * A webhook receiver on loopback. Each request gets the next scripted answer (the last one
 * repeats), so a test can make it fail twice and then succeed, or answer with a redirect.
 */
export async function startReceiver(
  script: Array<{ status: number; headers?: Record<string, string>; delayMs?: number }> = [{ status: 200 }],
) {
  const received: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = script[Math.min(received.length - 1, script.length - 1)]!;
      setTimeout(() => {
        res.writeHead(answer.status, answer.headers ?? { 'content-type': 'text/plain' });
        res.end(answer.status < 300 ? 'ok' : 'nee');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** The answers still to give; a test may change them while the receiver runs. */
    script,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
