import { PostgresQueryCompiler, type CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs } from 'kysely';
import type { Db } from '../../server/db/database';

/** The statements sent through a database handle, for tests that count what a change costs. */
export interface QueryLog {
  /** The handle to pass to the code under test (a server's `db`, an action's). */
  db: Db;
  /** Every statement sent through `db` since the last `clear()`, compiled as PostgreSQL runs it. */
  readonly queries: readonly CompiledQuery[];
  clear(): void;
}

/** `db` with every statement it sends (transactions opened on it included) written down in order. */
export function recordQueries(db: Db): QueryLog {
  const compiler = new PostgresQueryCompiler();
  const queries: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      queries.push(compiler.compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs) => result,
  };
  return {
    db: db.withPlugin(plugin),
    queries,
    clear: () => void queries.splice(0),
  };
}

/** The statements of the log that read the `pages` row with this id (a lock is also a read). */
export function pageRowReads(log: QueryLog, pageId: number): CompiledQuery[] {
  return log.queries.filter((query) => /^select .* from "pages"/.test(query.sql) && / "(pages"\.")?id" = \$\d+/.test(query.sql) && query.parameters.includes(pageId));
}

/** The statements of the log that lock the `pages` row with this id (FOR UPDATE). */
export function pageRowLocks(log: QueryLog, pageId: number): CompiledQuery[] {
  return pageRowReads(log, pageId).filter((query) => / for update/.test(query.sql));
}

/** The statements of the log that change rows: inserts, updates, deletes. */
export function writes(log: QueryLog): CompiledQuery[] {
  return log.queries.filter((query) => /^(insert|update|delete) /.test(query.sql));
}
