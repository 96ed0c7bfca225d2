/**
 * multipart/form-data (RFC 7578) read whole from a buffer the route's own body limit has capped:
 * what a browser's FormData sends for a file upload with a few fields. Enough for one bounded
 * upload (the customer import); nothing streams to disk.
 */

/** One part: its bytes, and the file name when it is a file. */
export interface FormPart {
  data: Buffer;
  filename: string | null;
  contentType: string | null;
}

/** The boundary named by a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** A header parameter such as name="file" (quoted or not). */
function parameter(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${name}=([^\\s;]+)`, 'i').exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]!;
}

/**
 * The body's parts by field name (the first of a name wins), or null when the body is not
 * well-formed multipart with this boundary: no opening delimiter, a part without its
 * Content-Disposition: form-data and name, or no closing delimiter.
 */
export function parseMultipart(body: Buffer, boundary: string): Map<string, FormPart> | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = new Map<string, FormPart>();
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    // The closing delimiter ends the body.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) return null;
    at += 2;
    const headersEnd = body.indexOf('\r\n\r\n', at);
    if (headersEnd < 0) return null;
    const headers = body.subarray(at, headersEnd).toString('utf8').split('\r\n');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headersEnd + 4);
    if (next < 0) return null;
    const disposition = headers.find((h) => /^content-disposition:/i.test(h));
    if (!disposition || !/^content-disposition:\s*form-data\s*(;|$)/i.test(disposition)) return null;
    const name = parameter(disposition, 'name');
    if (name === null) return null;
    const type = headers.find((h) => /^content-type:/i.test(h));
    if (!parts.has(name))
      parts.set(name, {
        data: body.subarray(headersEnd + 4, next),
        filename: parameter(disposition, 'filename'),
        contentType: type ? type.slice(type.indexOf(':') + 1).trim() : null,
      });
    at = next + 2;
  }
}
