import { expect } from 'chai';
import { ESLint } from 'eslint';

// The repository's own ESLint configuration, with only the two rules that keep SQL in the models.
const eslint = new ESLint({
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' || ruleId === 'no-restricted-imports',
  // These rules read the syntax alone: no type-aware program to build for a file that is not on disk.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

const QUERIES = [
  "import type { Db } from '../db/database';",
  "import { sql } from 'kysely';",
  "import { jsonArrayFrom } from 'kysely/helpers/postgres';",
  'export const read = (db: Db) => db.selectFrom("pages").selectAll().execute();',
  'export const add = (db: Db) => db.insertInto("tags").values({ name: "x" }).execute();',
  'export const change = (db: Db) => db.updateTable("tags").set({ name: "y" }).execute();',
  'export const remove = (db: Db) => db.deleteFrom("tags").execute();',
  'export const raw = sql`select 1`;',
  'export { jsonArrayFrom };',
].join('\n');

async function sqlProblems(filePath: string): Promise<number[]> {
  const [result] = await eslint.lintText(QUERIES, { filePath });
  expect(result!.messages.filter((message) => message.fatal)).to.deep.equal([]);
  return result!.messages.filter((message) => message.message.includes('SQL lives in server/models/')).map((message) => message.line);
}

describe('SQL lives in server/models/ (the lint rule)', function () {
  this.timeout(30_000);

  it('refuses every query, the sql tag and Kysely helpers outside the models', async () => {
    for (const path of ['server/admin/example.ts', 'server/views/example.ts', 'server/actions/example.ts', 'server/example.ts', 'server/seed/example.ts', 'scripts/example.ts']) {
      expect(await sqlProblems(path), path).to.deep.equal([2, 3, 4, 5, 6, 7, 8]);
    }
  });

  it('allows them in server/models/, server/db/ and the tests', async () => {
    for (const path of ['server/models/example.ts', 'server/models/waitlist/example.ts', 'server/db/example.ts', 'test/integration/example.test.ts']) {
      expect(await sqlProblems(path), path).to.deep.equal([]);
    }
  });
});
