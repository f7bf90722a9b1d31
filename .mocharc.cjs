// On a PostgreSQL server each worker gets a database of its own, so test files run in parallel:
// they mostly wait on browsers, timers and the database, and one at a time CI would take too
// long. The embedded database starts slowly per process, so without a server they run in turn.
const onServer = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
const jobs = Number(process.env.TEST_JOBS || 3);

const parallel = onServer && jobs > 1;

module.exports = {
  import: 'tsx',
  require: ['test/setup.ts'],
  spec: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/browser/**/*.test.ts'],
  // A guard against a hung test, not a measure of speed: browsers sharing the cores take longer.
  timeout: parallel ? 60000 : 30000,
  reporter: 'test/reporter.cjs',
  parallel,
  jobs,
};
