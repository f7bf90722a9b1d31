/**
 * Reads and writes of snippet objects, one set of queries for every model: each model's table
 * and columns come from the registry, so the SQL names them through Kysely's identifier
 * helpers and the stored fields are checked by the model's schema on the way in and out.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { likePattern } from '../text-search';
import { SNIPPET_FIELDS, SNIPPET_NAMING, SNIPPET_TABLES, type SnippetFields, type SnippetModel } from './registry';

/** One snippet object: its id, the title it is listed by, and its fields. */
export interface SnippetObject<M extends SnippetModel = SnippetModel> {
  id: number;
  title: string;
  fields: SnippetFields<M>;
}

/** One row of a snippet listing or chooser. */
export interface SnippetChoice {
  id: number;
  title: string;
}

/** A listing query: words in the title and a window of results. */
export interface SnippetListQuery {
  text: string;
  offset: number;
  limit: number;
}

const table = (model: SnippetModel) => sql.table(SNIPPET_TABLES[model]);
const titleColumn = (model: SnippetModel) => sql.ref(SNIPPET_NAMING[model].titleColumn);

// jsonb columns take their value as JSON text; the pg driver would send an array as a Postgres array.
function columnValue(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}

function objectFromRow<M extends SnippetModel>(model: M, row: Record<string, unknown>): SnippetObject<M> {
  const fields = SNIPPET_FIELDS[model].parse(row) as SnippetFields<M>;
  return { id: Number(row.id), title: String(row[SNIPPET_NAMING[model].titleColumn]), fields };
}

function titleMatches(model: SnippetModel, text: string): RawBuilder<boolean> {
  const words = text.trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return sql<boolean>`true`;
  return sql<boolean>`${sql.join(
    words.map((word) => sql`${titleColumn(model)} ilike ${likePattern(word)}`),
    sql` and `,
  )}`;
}

/** The object of a model with this id, or undefined. */
export async function getSnippet<M extends SnippetModel>(db: Db, model: M, id: number): Promise<SnippetObject<M> | undefined> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${table(model)} where id = ${id}`.execute(db);
  return rows[0] ? objectFromRow(model, rows[0]) : undefined;
}

/** One window of a model's objects whose titles hold every word, by title, and how many match in all. */
export async function listSnippets(db: Db, model: SnippetModel, query: SnippetListQuery): Promise<{ rows: SnippetChoice[]; total: number }> {
  const where = titleMatches(model, query.text);
  const [listed, counted] = await Promise.all([
    sql<SnippetChoice>`select id, ${titleColumn(model)} as title from ${table(model)} where ${where} order by lower(${titleColumn(model)}), id offset ${query.offset} limit ${query.limit}`.execute(
      db,
    ),
    sql<{ n: string }>`select count(*) as n from ${table(model)} where ${where}`.execute(db),
  ]);
  return { rows: listed.rows, total: Number(counted.rows[0]?.n ?? 0) };
}

/** How many objects each model has, for the snippets index. */
export async function snippetCounts(db: Db, models: readonly SnippetModel[]): Promise<Map<SnippetModel, number>> {
  const counts = await Promise.all(
    models.map(async (model) => [model, Number((await sql<{ n: string }>`select count(*) as n from ${table(model)}`.execute(db)).rows[0]?.n ?? 0)] as const),
  );
  return new Map(counts);
}

/** The titles of a model's objects with these ids (those that exist). */
export async function snippetTitles(db: Db, model: SnippetModel, ids: readonly number[]): Promise<SnippetChoice[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<SnippetChoice>`select id, ${titleColumn(model)} as title from ${table(model)} where id in (${sql.join([...ids])})`.execute(db);
  return rows;
}

/** Stores a new object; answers it as stored. */
export async function insertSnippet<M extends SnippetModel>(db: Db, model: M, fields: SnippetFields<M>): Promise<SnippetObject<M>> {
  const entries = Object.entries(fields);
  const { rows } = await sql<
    Record<string, unknown>
  >`insert into ${table(model)} (${sql.join(entries.map(([column]) => sql.ref(column)))}) values (${sql.join(entries.map(([, value]) => columnValue(value)))}) returning *`.execute(db);
  return objectFromRow(model, rows[0]!);
}

/** Replaces an object's fields; answers it as stored, or undefined when it is gone. */
export async function updateSnippet<M extends SnippetModel>(db: Db, model: M, id: number, fields: SnippetFields<M>): Promise<SnippetObject<M> | undefined> {
  const assignments = Object.entries(fields).map(([column, value]) => sql`${sql.ref(column)} = ${columnValue(value)}`);
  const { rows } = await sql<Record<string, unknown>>`update ${table(model)} set ${sql.join(assignments)} where id = ${id} returning *`.execute(db);
  return rows[0] ? objectFromRow(model, rows[0]) : undefined;
}

/** Removes an object. */
export async function deleteSnippetRow(db: Db, model: SnippetModel, id: number): Promise<void> {
  await sql`delete from ${table(model)} where id = ${id}`.execute(db);
}

/** Whether another country already has this code (codes are unique, case-insensitively upper). */
export async function countryCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('countries').select('id').where('code', '=', code.toUpperCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The draft titles of the pages with these ids, for showing the pages a snippet's revisions name. */
export async function pageTitlesById(db: Db, ids: readonly number[]): Promise<SnippetChoice[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('pages')
    .select(['id', 'draft_title as title'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
