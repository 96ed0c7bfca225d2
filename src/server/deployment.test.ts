import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureServerBundle } from './test/server-process';

/**
 * Checks on the Dockerfile that need no Docker: what it copies exists and is not kept out of the
 * build context, and the code the runtime stage runs (the server bundle and the backup scripts) needs
 * nothing the image leaves out (devDependencies, sources, test files). server-bundle.test.ts runs the
 * bundle in the runtime stage's layout.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (p: string) => readFileSync(path.join(root, p), 'utf8');
const dockerfile = read('Dockerfile');
const ignored = read('.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** .dockerignore as used here: plain paths (and everything under them) and `**` + `/*.ext` globs. */
function isIgnored(rel: string): boolean {
  return ignored.some((pattern) => {
    if (pattern.startsWith('**/'))
      return new RegExp(`(^|/)${pattern.slice(3).replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`).test(rel);
    return rel === pattern || rel.startsWith(`${pattern}/`);
  });
}

function files(dir: string): string[] {
  const full = path.join(root, dir);
  if (!statSync(full).isDirectory()) return [dir];
  return readdirSync(full).flatMap((name) => files(path.join(dir, name)));
}

/** [sources] of every `COPY` from the build context (not `--from=` another stage). */
const contextCopies = [...dockerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].map((m) =>
  m[1]!.trim().split(/\s+/).slice(0, -1),
);

describe('Dockerfile', () => {
  it('copies only paths that exist and reach the build context', () => {
    const sources = contextCopies.flat();
    expect(sources).toEqual(
      expect.arrayContaining([
        'package-lock.json',
        'src/server',
        'scripts/backup.mjs',
        'scripts/restore.mjs',
      ]),
    );
    for (const src of sources) {
      expect(existsSync(path.join(root, src)), `${src} exists`).toBe(true);
      expect(isIgnored(src), `${src} is not in .dockerignore`).toBe(false);
      // A directory must still hold its non-test files once the ignore rules have applied.
      expect(
        files(src).filter((f) => !isIgnored(f)).length,
        `${src} has files in the context`,
      ).toBeGreaterThan(0);
    }
  });

  it('runs as the unprivileged node user, with a health check, SIGTERM and the server bundle on plain node', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
    expect(runtime).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toContain('CMD ["node", "dist/server/main.js"]');
    // The build stage makes the bundle from the sources and the runtime stage takes it from there.
    const build = dockerfile.slice(dockerfile.indexOf(' AS build\n'), dockerfile.indexOf(' AS prod-deps\n'));
    expect(build).toMatch(/^RUN .*\n(.*\n)*.*node scripts\/build-server\.mjs/m);
    expect(build).toMatch(/^COPY src\/server src\/server$/m);
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist\/server dist\/server$/m);
    expect(dockerfile).toMatch(/npm install --omit=dev/);
  });

  it('needs at run time only production dependencies and files the runtime stage copies', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const runtimeCopies = [...runtimeStage.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((m) =>
      m[1]!.trim().split(/\s+/).slice(0, -1),
    );
    // No sources at run time: the bundle holds our code, and tsx is a development dependency.
    expect(runtimeCopies.filter((c) => c.startsWith('src/') || c === 'tsconfig.json')).toEqual([]);
    expect(pkg.dependencies).not.toHaveProperty('tsx');
    const isRuntimeDependency = (spec: string) => {
      if (spec.startsWith('node:') || builtinModules.includes(spec)) return true;
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
      return name in pkg.dependencies;
    };

    // What the bundle imports, as esbuild recorded it when it built dist/server.
    ensureServerBundle();
    const stamp = JSON.parse(read('dist/server/build.json')) as { imports: string[] };
    expect(stamp.imports).toEqual(expect.arrayContaining(['fastify', '@electric-sql/pglite', 'pg-boss']));
    expect(stamp.imports.filter((spec) => !isRuntimeDependency(spec))).toEqual([]);

    // The scripts the image keeps (backup, restore) and what they import statically. build-server.mjs
    // imports esbuild only when it finds sources to build, which the image has not.
    const scripts = runtimeCopies.filter((c) => c.startsWith('scripts/'));
    expect(scripts).toEqual(['scripts/backup.mjs', 'scripts/restore.mjs', 'scripts/build-server.mjs']);
    const problems: string[] = [];
    for (const file of scripts) {
      for (const m of read(file).matchAll(
        /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm,
      )) {
        const spec = (m[1] ?? m[2])!;
        if (spec.startsWith('.')) {
          if (!scripts.includes(path.join(path.dirname(file), spec)))
            problems.push(`${file}: ${spec} is not in the image`);
        } else if (!isRuntimeDependency(spec))
          problems.push(`${file}: ${spec} is not a production dependency`);
      }
      for (const m of read(file).matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g))
        if (m[1] !== 'esbuild') problems.push(`${file}: imports ${m[1]} at run time`);
    }
    expect(problems).toEqual([]);
  });
});
