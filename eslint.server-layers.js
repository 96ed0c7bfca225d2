import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The bands of src/server (docs/architecture/layers.md), lowest first: a file imports from its own
// band and the bands below it, never above. A file's band follows from its folder and name, so a
// new file is placed the moment it exists.
export const SERVER_BANDS = [
  { name: 'base', holds: 'db, http, lib, integrations, jobs/job-queue, config and clock' },
  { name: 'repositories', holds: 'the *.repo.ts files: the SQL' },
  { name: 'slots', holds: 'the booking rules every way to book shares' },
  { name: 'notifications', holds: 'modules/notifications: planning and delivering messages' },
  { name: 'payments', holds: 'modules/payments' },
  { name: 'services', holds: 'the other module files: what a request or job does' },
  { name: 'routes', holds: 'the *.routes.ts files' },
  { name: 'composition', holds: 'app.ts, main.ts, services.ts and jobs/workers.ts' },
];
const SLOTS = [
  'modules/bookings/slot-rules.ts',
  'modules/bookings/slot-claims.ts',
  'modules/bookings/management-token.ts',
  'modules/public/booking-draft.ts',
  'modules/public/series-draft.ts',
  'modules/public/availability-input.ts',
  'modules/agendas/agenda-limits.ts',
];
const COMPOSITION = ['app.ts', 'main.ts', 'services.ts', 'jobs/workers.ts'];
const band = (name) => SERVER_BANDS.findIndex((b) => b.name === name);

/** The band of a file by its path inside src/server ('modules/bookings/slot-rules.ts'). */
export function serverBandOf(rel) {
  if (COMPOSITION.includes(rel)) return band('composition');
  if (!rel.startsWith('modules/')) return band('base');
  if (rel.endsWith('.routes.ts')) return band('routes');
  if (rel.endsWith('.repo.ts')) return band('repositories');
  if (SLOTS.includes(rel)) return band('slots');
  if (rel.startsWith('modules/notifications/')) return band('notifications');
  if (rel.startsWith('modules/payments/')) return band('payments');
  return band('services');
}

const root = fileURLToPath(new URL('./src/server/', import.meta.url));
/** Test code sits above every band: it may import anything, and nothing imports it. */
const isTest = (rel) => /\.test\.ts$/.test(rel) || /^(test|security|scale-out)\//.test(rel);

function sourceFiles(dir = '') {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const rel = dir ? `${dir}/${d.name}` : d.name;
    if (d.isDirectory()) return rel === 'db/migrations' ? [] : sourceFiles(rel);
    return rel.endsWith('.ts') && !isTest(rel) ? [rel] : [];
  });
}
const files = sourceFiles();

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** How a file in `fromDir` names `rel` in an import: './x', '../bookings/x', '../../db/client'. */
function specifier(fromDir, rel) {
  let spec = path.posix.relative(fromDir, rel.replace(/\.ts$/, '').replace(/\/index$/, ''));
  if (!spec.startsWith('.')) spec = `./${spec}`;
  return spec;
}

const noWeb = { group: ['**/web/**', '@web/*'], message: 'server must not import web code' };

/**
 * One zone per folder and band, like the web's feature zones: no-restricted-imports lists, per band
 * above the zone's, the exact names its files would import those files by.
 */
function zones() {
  const byZone = new Map();
  for (const rel of files) {
    const key = `${path.posix.dirname(rel)}|${serverBandOf(rel)}`;
    byZone.set(key, [...(byZone.get(key) ?? []), rel]);
  }
  return [...byZone].map(([key, members]) => {
    const [dir, own] = key.split('|');
    const patterns = SERVER_BANDS.flatMap((target, t) => {
      if (t <= Number(own)) return [];
      const names = files.filter((f) => serverBandOf(f) === t).map((f) => escape(specifier(dir, f)));
      if (!names.length) return [];
      return [
        {
          regex: `^(${names.join('|')})(\\.[jt]s)?$`,
          message: `the server's bands import downwards only: ${SERVER_BANDS[own].name} code imports no ${target.name} code (${target.holds}); move what both need down a band (docs/architecture/layers.md)`,
        },
      ];
    });
    return {
      files: members.map((rel) => `src/server/${rel}`),
      rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, ...patterns] }] },
    };
  });
}

// ---- no cycles: between files, and between the modules of one band ----

const IMPORT = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

/** The file inside src/server a relative import names, or null. */
function resolve(fromRel, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(fromRel), spec).replace(/\.[jt]s$/, '');
  for (const candidate of [`${base}.ts`, `${base}/index.ts`]) {
    if (existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

/** 'modules/bookings/x.ts' is in module 'bookings'; a file outside modules/ in its first folder. */
const moduleOf = (rel) => (rel.startsWith('modules/') ? rel.split('/')[1] : rel.split('/')[0]);
const moduleNode = (rel) => `${moduleOf(rel)} (${SERVER_BANDS[serverBandOf(rel)].name})`;

/** Strongly connected components of more than one node: each one is a cycle. */
function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        members.push(w);
      } while (w !== v);
      if (members.length > 1) for (const m of members) component.set(m, v);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return component;
}

/** The shortest way from `from` back to `to` (breadth first), for the message. */
function pathBetween(edges, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of edges.get(v) ?? [])
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
  }
  const way = [];
  for (let v = to; v !== null && v !== undefined; v = previous.get(v)) way.unshift(v);
  return way;
}

/** The module graph of a file graph: an edge between two modules (of a band) for any file edge. */
function moduleEdgesOf(fileEdges) {
  const moduleEdges = new Map();
  for (const [rel, targets] of fileEdges)
    for (const target of targets) {
      const [a, b] = [moduleNode(rel), moduleNode(target)];
      if (a !== b) moduleEdges.set(a, new Set([...(moduleEdges.get(a) ?? []), b]));
    }
  return moduleEdges;
}

let graph;
/** The import graph of src/server's code as it is on disk, read once per lint run. */
function importGraph() {
  if (graph) return graph;
  const fileEdges = new Map();
  for (const rel of files) {
    const targets = new Set();
    for (const m of readFileSync(path.join(root, rel), 'utf8').matchAll(IMPORT)) {
      const target = resolve(rel, m[1] ?? m[2]);
      if (target && !isTest(target)) targets.add(target);
    }
    fileEdges.set(rel, targets);
  }
  const moduleEdges = moduleEdgesOf(fileEdges);
  graph = { fileEdges, moduleEdges, fileCycles: cycles(fileEdges), moduleCycles: cycles(moduleEdges) };
  return graph;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycle in src/server, between files or between the modules of one band' },
    schema: [],
  },
  create(context) {
    const rel = path.relative(root, context.filename).split(path.sep).join('/');
    if (rel.startsWith('..') || isTest(rel)) return {};
    const imports = [];
    const collect = (node) => {
      if (typeof node.source?.value !== 'string') return;
      const target = resolve(rel, node.source.value);
      if (target && !isTest(target)) imports.push({ node, target });
    };
    /** The graph with this file's imports as its text has them (an editor's buffer may differ from disk). */
    const graphWithText = () => {
      const g = importGraph();
      const onDisk = g.fileEdges.get(rel) ?? new Set();
      const inText = new Set(imports.map((i) => i.target));
      if (inText.size === onDisk.size && [...inText].every((t) => onDisk.has(t))) return g;
      const fileEdges = new Map(g.fileEdges).set(rel, inText);
      const moduleEdges = moduleEdgesOf(fileEdges);
      return { fileEdges, moduleEdges, fileCycles: cycles(fileEdges), moduleCycles: cycles(moduleEdges) };
    };
    const report = () => {
      if (!imports.length) return;
      const g = graphWithText();
      for (const { node, target } of imports) {
        const inCycle = g.fileCycles.get(rel);
        if (inCycle !== undefined && inCycle === g.fileCycles.get(target)) {
          const way = [rel, ...pathBetween(g.fileEdges, target, rel)].join(' → ');
          context.report({ node, message: `import cycle: ${way}; move what both need into a third file` });
          continue;
        }
        const [a, b] = [moduleNode(rel), moduleNode(target)];
        const moduleCycle = g.moduleCycles.get(a);
        if (a !== b && moduleCycle !== undefined && moduleCycle === g.moduleCycles.get(b)) {
          const way = [a, ...pathBetween(g.moduleEdges, b, a)].join(' → ');
          context.report({
            node,
            message: `modules import each other: ${way}; move what they share down a band or into one of them (docs/architecture/layers.md)`,
          });
        }
      }
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit': report,
    };
  },
};

/** The config objects of the server's layers, after the general server block of eslint.config.js. */
export const serverLayers = [
  ...zones(),
  {
    files: files.map((rel) => `src/server/${rel}`),
    plugins: { 'server-layers': { rules: { 'no-cycle': noCycle } } },
    rules: { 'server-layers/no-cycle': 'error' },
  },
];
