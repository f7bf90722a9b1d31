import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';

/** Where a run's value goes in a query compiled once: it compiles as a parameter like any value. */
class Slot {
  constructor(readonly name: string) {}
}

/** The values a query is built from, each standing for the one a run gives under its name. */
export type Slots<Values> = { readonly [Name in keyof Values]: Values[Name] };

/** Runs the query with these values, on `db` or a transaction of it; its rows. */
export type CompiledOnceQuery<DB, Values, Row> = (db: Kysely<DB>, values: Values) => Promise<Row[]>;

/**
 * A query of a fixed shape, built and compiled by Kysely once per database and then run with
 * new values: Kysely builds and compiles a query's tree anew at every run, which was the largest
 * part of a wait-list join's time in the app (its insert and the rate limit's upsert). `build`
 * uses the slots as it would the values; it must not look at them (no `$if` on one), since
 * they stand for whatever a run gives.
 */
export function compiledOnce<DB, Values extends Record<string, unknown>, Row>(build: (db: Kysely<DB>, slots: Slots<Values>) => Compilable<Row>): CompiledOnceQuery<DB, Values, Row> {
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; names: (string | undefined)[] }>();
  const slots = new Proxy({} as Slots<Values>, { get: (_, name) => new Slot(String(name)) });
  function compiledFor(db: Kysely<DB>) {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db, slots).compile();
      entry = { query, names: query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.name : undefined)) };
      compiled.set(db, entry);
    }
    return entry;
  }
  return async (db, values) => {
    const { query, names } = compiledFor(db);
    const parameters = names.map((name, index) => (name === undefined ? query.parameters[index] : values[name]));
    const { rows } = await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() });
    return rows;
  };
}
