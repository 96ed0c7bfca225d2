/**
 * Coalesces concurrent calls into batches, one batch at a time (DataLoader's idea): a call made while
 * no batch runs waits for the end of the current turn of the event loop, one made while a batch runs
 * waits for it to end, and each batch is one call of `many`, which answers the keys in order. For work
 * that costs mostly per statement: the embedded database runs one statement at a time, and callers
 * that would each have waited for their own share one.
 */
export function coalesced<K, V>(many: (keys: K[]) => Promise<V[]>): (key: K) => Promise<V> {
  let queue: Array<{ key: K; resolve: (value: V) => void; reject: (err: unknown) => void }> = [];
  let running = false;

  function flush() {
    const batch = queue;
    queue = [];
    if (!batch.length) {
      running = false;
      return;
    }
    Promise.resolve()
      .then(() => many(batch.map((call) => call.key)))
      .then(
        (values) => batch.forEach((call, i) => call.resolve(values[i]!)),
        (err: unknown) => batch.forEach((call) => call.reject(err)),
      )
      .finally(flush);
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (!running) {
        running = true;
        setImmediate(flush);
      }
    });
}
