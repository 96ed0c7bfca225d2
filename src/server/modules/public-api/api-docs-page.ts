import { escapeHtml } from '@core/email-render';
import { nl } from '@contracts/messages';
import type { OpenApiDocument } from './openapi';

/**
 * The API's reference page (/api/docs, docs/PRODUCT.md#public-api): drawn on the server from the
 * OpenAPI document, so it cannot tell anything the document does not. Plain HTML and one style
 * block, no script and nothing from another origin (the app's CSP allows inline styles only).
 */
const m = nl.apiDocs;
type Json = Record<string, unknown>;

const e = (value: unknown) => escapeHtml(String(value ?? ''));
const slug = (method: string, path: string) =>
  `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '');

/** A schema's type in a word or two: `string`, `integer`, `array of object`, `string | null`. */
function typeOf(schema: Json | undefined): string {
  if (!schema) return 'any';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') return `array of ${typeOf(schema.items as Json | undefined)}`;
  const format = schema.format ? ` (${String(schema.format)})` : '';
  return `${typeof type === 'string' ? type : 'any'}${format}`;
}

/** The fields of an object schema as a table, and the whole schema as JSON below it. */
function schemaBlock(schema: Json | undefined, caption: string): string {
  if (!schema) return '';
  return `${fieldTable(schema, caption, true)}<details><summary>${m.schema} (JSON)</summary><pre>${e(JSON.stringify(schema, null, 2))}</pre></details>`;
}

/** An object's fields; with `nested`, also the fields of a list of objects in it (a page's `data`). */
function fieldTable(schema: Json, caption: string, nested: boolean): string {
  const object = Array.isArray(schema.anyOf)
    ? ((schema.anyOf as Json[]).find((s) => s.type === 'object') ?? schema)
    : schema;
  const props = (object.properties ?? {}) as Record<string, Json>;
  const required = new Set((object.required as string[] | undefined) ?? []);
  const rows = Object.entries(props)
    .map(
      ([name, s]) =>
        `<tr><td><code>${e(name)}</code></td><td><code>${e(typeOf(s))}</code></td><td>${required.has(name) ? m.yes : m.no}</td><td>${e(s.description)}</td></tr>`,
    )
    .join('');
  const table = rows
    ? `<table><caption>${e(caption)}</caption><thead><tr><th scope="col">${m.parameter}</th><th scope="col">${m.schema}</th><th scope="col">${m.required}</th><th scope="col">${m.description}</th></tr></thead><tbody>${rows}</tbody></table>`
    : '';
  const lists = nested
    ? Object.entries(props)
        .filter(([, s]) => s.type === 'array' && (s.items as Json | undefined)?.type === 'object')
        .map(([name, s]) => fieldTable(s.items as Json, `${caption}: ${name}[]`, false))
        .join('')
    : '';
  return table + lists;
}

function operation(method: string, path: string, op: Json): string {
  const id = slug(method, path);
  const params = (op.parameters ?? []) as Json[];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${e(p.name)}</code></td><td>${e(p.in)}</td><td><code>${e(typeOf(p.schema as Json))}</code></td><td>${p.required ? m.yes : m.no}</td><td>${e(p.description)}</td></tr>`,
    )
    .join('');
  const body = (op.requestBody as Json | undefined)?.content as Record<string, { schema: Json }> | undefined;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>);
  const success = responses.filter(([status]) => Number(status) < 400);
  const errors = responses.filter(([status]) => Number(status) >= 400);
  const content = (r: Json) =>
    (r.content as Record<string, { schema: Json }> | undefined)?.['application/json'];
  return `<section aria-labelledby="${id}">
<h3 id="${id}"><span class="method ${e(method)}">${e(method.toUpperCase())}</span> <code>${e(path)}</code></h3>
<p>${e(op.summary)}</p>${op.description ? `<p>${e(op.description)}</p>` : ''}
${Array.isArray(op.security) && op.security.length === 0 ? `<p>${m.noKey}</p>` : ''}
${
  paramRows
    ? `<table><caption>${m.parameters}</caption><thead><tr><th scope="col">${m.parameter}</th><th scope="col">${m.location}</th><th scope="col">${m.schema}</th><th scope="col">${m.required}</th><th scope="col">${m.description}</th></tr></thead><tbody>${paramRows}</tbody></table>`
    : ''
}
${body ? `<h4>${m.body}</h4>${schemaBlock(body['application/json']?.schema, m.body)}` : ''}
<h4>${m.responses}</h4>
${success
  .map(
    ([status, r]) =>
      `<p><strong>${e(status)}</strong> ${e(r.description)}</p>${schemaBlock(content(r)?.schema, `${m.status} ${status}`)}`,
  )
  .join('')}
<h4>${m.errors}</h4>
<ul>${errors
    .map(([status, r]) => {
      const codes = ((content(r)?.schema.properties as Json | undefined)?.code as Json | undefined)?.enum;
      return `<li><strong>${e(status)}</strong> ${Array.isArray(codes) ? codes.map((c) => `<code>${e(c)}</code>`).join(', ') : ''} — ${e(r.description)}</li>`;
    })
    .join('')}</ul>
</section>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;line-height:1.5;margin:0;color:#1f2937;background:#f9fafb}
main{max-width:60rem;margin:0 auto;padding:1.5rem}
h1{font-size:1.75rem}h2{margin-top:2.5rem;border-bottom:1px solid #d1d5db}
section{background:#fff;border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem 1.25rem;margin:1rem 0}
h3{font-size:1.1rem;margin:0 0 .5rem}h4{margin:1rem 0 .25rem;font-size:1rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #e5e7eb;padding:.25rem .5rem;text-align:left;vertical-align:top}
pre{background:#f3f4f6;padding:.75rem;overflow:auto;font-size:.8rem}
code{font-family:ui-monospace,monospace}
.method{display:inline-block;min-width:4rem;text-align:center;border-radius:.25rem;padding:0 .4rem;color:#fff;background:#374151}
.get{background:#1d4ed8}.post{background:#047857}.patch{background:#b45309}.delete{background:#b91c1c}
a{color:#1d4ed8}nav ul{columns:2}`;

export function renderApiDocs(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = ((op.tags as string[] | undefined) ?? ['api'])[0]!;
      const list = byTag.get(tag) ?? [];
      list.push(operation(method, path, op));
      byTag.set(tag, list);
      toc.push(
        `<li><a href="#${slug(method, path)}">${e(method.toUpperCase())} ${e(path)}</a> — ${e(op.summary)}</li>`,
      );
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, ops]) => `<h2>${e(tag)}</h2>${ops.join('\n')}`)
    .join('\n');
  return `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(m.title)} — ${e(doc.info.title)}</title><style>${STYLE}</style></head>
<body><main>
<p><a href="/settings">${e(m.backToSettings)}</a></p>
<h1>${e(m.title)}</h1>
<p>${e(m.intro)}</p>
<p>${e(doc.info.title)} ${e(doc.info.version)} · <code>${e(doc.servers[0]?.url)}</code> · <a href="/api/v1/openapi.json">${e(m.document)}</a></p>
<p>${e(m.errorsText)}</p>
<nav aria-labelledby="toc"><h2 id="toc">${e(m.contents)}</h2><ul>${toc.join('')}</ul></nav>
${sections}
</main></body></html>`;
}
