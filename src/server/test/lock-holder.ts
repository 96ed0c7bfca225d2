/**
 * A process that takes the DATA_DIR lock and keeps it until it is killed: the other side of the
 * lock tests. `node --import tsx src/server/test/lock-holder.ts <dataDir> [role]` prints one JSON
 * line: `{"held":true,"tookOver":…}` or `{"held":false,"error":…}` (and then exits 1).
 */
import { acquireDataDirLock } from '../db/data-dir-lock';

const [dataDir, role = 'server'] = process.argv.slice(2);
try {
  const lock = await acquireDataDirLock(dataDir!, role);
  console.log(JSON.stringify({ held: true, tookOver: lock.tookOver, pid: process.pid }));
  // The lock socket does not keep a process running by itself.
  setInterval(() => {}, 60_000);
} catch (err) {
  console.log(JSON.stringify({ held: false, error: (err as Error).message }));
  process.exit(1);
}
