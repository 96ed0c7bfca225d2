import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Checks on the Dockerfile that need no Docker: what it copies exists and is not kept out of the
 * build context, and the code the runtime stage copies needs nothing the image leaves out
 * (devDependencies, test files).
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

  it('runs as the unprivileged node user, with a health check, SIGTERM and the server on tsx', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
    expect(runtime).toMatch(/^STOPSIGNAL SIGTERM$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toContain('CMD ["node", "--import", "tsx", "src/server/main.ts"]');
    expect(existsSync(path.join(root, 'src/server/main.ts'))).toBe(true);
    expect(dockerfile).toMatch(/npm install --omit=dev/);
  });

  it('needs at run time only production dependencies and files the runtime stage copies', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const runtimeCopies = [...runtimeStage.matchAll(/^COPY (?!--from)(.+)$/gm)]
      .flatMap((m) => m[1]!.trim().split(/\s+/).slice(0, -1))
      .filter((s) => s.startsWith('src/') || s.startsWith('scripts/'));
    expect(runtimeCopies).not.toContain('src/web');
    const runtimeFiles = runtimeCopies.flatMap(files).filter((f) => /\.(ts|mjs)$/.test(f) && !isIgnored(f));
    expect(runtimeFiles.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const file of runtimeFiles) {
      for (const m of read(file).matchAll(
        /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm,
      )) {
        const spec = (m[1] ?? m[2] ?? m[3])!;
        if (m[0].includes('import type') || /^\s*export type/.test(m[0])) continue;
        if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
        if (spec.startsWith('.') || spec.startsWith('@core/') || spec.startsWith('@contracts/')) {
          const target = spec.startsWith('.')
            ? path.join(path.dirname(file), spec)
            : spec.replace('@core/', 'src/core/').replace('@contracts/', 'src/contracts/');
          const candidates = [target, `${target}.ts`, path.join(target, 'index.ts')];
          const found = candidates.find(
            (c) => existsSync(path.join(root, c)) && statSync(path.join(root, c)).isFile(),
          );
          if (
            !found ||
            isIgnored(found) ||
            !runtimeCopies.some((c) => found === c || found.startsWith(`${c}/`))
          )
            problems.push(`${file}: ${spec} is not in the image`);
          continue;
        }
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
        if (!(name in pkg.dependencies)) problems.push(`${file}: ${name} is not a production dependency`);
      }
    }
    expect(problems).toEqual([]);
  });
});
