import http from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: <T = unknown>() => T;
}

/**
 * A plain HTTP/1.1 call over a real socket. `from` binds the client side to a loopback address of
 * its own (Linux routes all of 127.0.0.0/8 to `lo`): the app keys its per-IP rate limits on the
 * connection's address and by default trusts no X-Forwarded-For (docs/decisions/002), so this is how many
 * distinct visitors reach it from one test runner. A fresh connection per call (agent: false), so
 * every call really comes from its own address. With `headers` a test can play the reverse proxy
 * (X-Forwarded-For) in front of an app started with TRUST_PROXY naming the `from` address.
 */
export function call(
  port: number,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  opts: { body?: unknown; cookie?: string; from?: string; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        ...(opts.from ? { localAddress: opts.from } : {}),
        headers: {
          accept: 'application/json',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
            : {}),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: <T>() => JSON.parse(body) as T,
          });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path} on :${port} timed out`)));
    req.end(payload);
  });
}

/** The `name=value` pair of the first Set-Cookie header (the session cookie), if any. */
export function sessionCookie(answer: HttpAnswer): string | undefined {
  const set = answer.headers['set-cookie'];
  return set?.[0]?.split(';')[0];
}
