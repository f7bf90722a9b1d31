// On a PostgreSQL server each worker gets a database of its own, so test files run in parallel:
// they mostly wait on browsers, timers and the database, and one at a time CI would take too
// long. The embedded database starts slowly per process, so without a server they run in turn.
const { readdirSync } = require('node:fs');
const path = require('node:path');

const onServer = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
const jobs = Number(process.env.TEST_JOBS || 3);

const parallel = onServer && jobs > 1;

// Workers take files in list order. The two longest files (minutes each: the seeded demo site and
// every template through axe and the Nu checker) go first, beside the quick unit files, so that
// the run does not end with two workers idle while one finishes them.
const LONGEST_FIRST = ['test/browser/demo-site.test.ts', 'test/browser/templates.test.ts'];
const testFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .sort((a, b) => a.localeCompare(b, 'en'));
const suite = [...testFiles('test/unit'), ...testFiles('test/integration'), ...testFiles('test/browser')];

module.exports = {
  import: 'tsx',
  require: ['test/setup.ts'],
  spec: [...LONGEST_FIRST, ...suite.filter((file) => !LONGEST_FIRST.includes(file))],
  // A guard against a hung test, not a measure of speed: browsers sharing the cores take longer.
  timeout: parallel ? 60000 : 30000,
  reporter: 'test/reporter.cjs',
  parallel,
  jobs,
};
