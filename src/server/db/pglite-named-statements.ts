import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type Message = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/** A statement PostgreSQL keeps parsed (and, once it settles on one, planned) under its name. */
interface Named {
  name: string;
  /** The parameters' type OIDs: values are written as PGlite's `query` writes them. */
  paramTypes: number[];
  /** The result's columns (none for a statement without rows), read once at the statement's Parse. */
  fields: Array<{ name: string; dataTypeID: number }>;
}

interface RowDescription {
  name: 'rowDescription';
  fields: Array<{ name: string; dataTypeID: number }>;
}

/** The most statements kept per database; the first parsed one is closed beyond it. */
export const MAX_NAMED_STATEMENTS = 500;

const { serialize } = protocol;
const concat = (...parts: Uint8Array[]) => Buffer.concat(parts);

/** The PGlite methods Drizzle and the job queue call: `query` on the instance and inside a transaction. */
export interface PgliteClient {
  query: PGlite['query'];
  transaction: PGlite['transaction'];
}

const byInstance = new WeakMap<PGlite, PgliteClient>();

/**
 * PGlite's `query` sends every statement unnamed (Parse, Describe, Bind, Describe, Execute, Sync, each
 * a call into the WASM), so PostgreSQL parses and plans it again on every call: 1–2.6 ms for the wide
 * reads of a booking and its e-mails on this machine (issue 21, B5). This client keeps each statement
 * text's Parse under a name on the one connection: the first call parses and describes it, every
 * later one sends Bind, Execute and Sync in one call. Values are written and rows read with PGlite's
 * own serializers and parsers, so the answers are PGlite's. One client per PGlite instance (the names
 * live on its connection); decision 013.
 */
export function withNamedStatements(pg: PGlite): PgliteClient {
  const known = byInstance.get(pg);
  if (known) return known;
  const statements = new Map<string, Named>();
  let counter = 0;

  async function named(text: string): Promise<Named> {
    // A hit keeps its place: the oldest parsed goes first beyond the limit, which costs one Parse
    // when it comes back, where moving every hit to the end cost a Map delete and set per call.
    const found = statements.get(text);
    if (found) return found;
    const name = `drizzle_${++counter}`;
    // Throws (after the Sync, so the connection is ready again) when the text does not parse.
    const { messages } = await pg.execProtocol(
      concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const statement: Named = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields: (
        (messages.find((m) => m.name === 'rowDescription') as RowDescription | undefined)?.fields ?? []
      ).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    statements.set(text, statement);
    if (statements.size > MAX_NAMED_STATEMENTS) {
      const [oldText, oldest] = statements.entries().next().value!;
      statements.delete(oldText);
      await pg.execProtocol(concat(serialize.close({ type: 'S', name: oldest.name }), serialize.sync()), {
        syncToFs: false,
      });
    }
    return statement;
  }

  function written(value: unknown, type: number | undefined, options?: QueryOptions) {
    if (value === null || value === undefined) return null;
    const serializer =
      type === undefined ? undefined : (options?.serializers?.[type] ?? pg.serializers[type]);
    return serializer ? serializer(value) : String(value);
  }

  /** Runs one statement; must be called inside PGlite's exclusive section, as its own `query` is. */
  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const statement = await named(text);
    const values = params.map((v, i) => written(v, statement.paramTypes[i], options));
    // An error stops the rest up to the Sync, which ends the exchange: execProtocol throws after it.
    const { messages } = await pg.execProtocol(
      concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()),
      { syncToFs: false },
    );
    return resultOf<T>(statement.fields, messages, options);
  }

  /**
   * The rows and counts as PGlite's `parseResults` gives them for one statement. Not that function
   * itself: it copies PGlite's 300-odd parsers into a new object on every call to lay the caller's
   * over them, which cost more than a kept statement's whole run.
   */
  function resultOf<T>(fields: Named['fields'], messages: Message[], options?: QueryOptions): Results<T> {
    const parsers = fields.map((f) => options?.parsers?.[f.dataTypeID] ?? pg.parsers[f.dataTypeID]);
    const asArray = options?.rowMode === 'array';
    const rows: unknown[] = [];
    const result: Results<unknown> & { command?: string; rowCount?: number } = {
      rows,
      fields,
      affectedRows: 0,
    };
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as unknown as { fields: Array<string | null> }).fields.map((v, i) => {
          const parser = parsers[i];
          return v === null ? null : parser ? parser(v, fields[i]!.dataTypeID) : v;
        });
        rows.push(asArray ? values : Object.fromEntries(fields.map((f, i) => [f.name, values[i]])));
      } else if (message.name === 'commandComplete') {
        const words = (message as unknown as { text: string }).text.split(' ');
        const count = parseInt(words[words.length - 1]!, 10);
        result.command = words[0];
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) result.affectedRows = count;
        if (!Number.isNaN(count)) result.rowCount = count;
      }
    }
    return result as Results<T>;
  }

  const client: PgliteClient = {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      pg._runExclusiveTransaction(() =>
        pg._runExclusiveQuery(async () => {
          if (pg.closed) throw new Error('PGlite is closed');
          const result = await run<T>(text, params, options);
          await pg.syncToFs();
          return result;
        }),
      ),
    transaction: (fn) =>
      pg.transaction((tx) => {
        // The transaction's other methods stay PGlite's; its queries take the named path, inside the
        // transaction's exclusive section as PGlite's own do.
        const withNamed: Transaction = Object.create(tx, {
          query: {
            value: (text: string, params?: unknown[], options?: QueryOptions) => {
              if (tx.closed) throw new Error('Transaction is closed');
              return pg._runExclusiveQuery(() => run(text, params, options));
            },
          },
        });
        return fn(withNamed);
      }),
  };
  byInstance.set(pg, client);
  return client;
}
