// The tests that touch opening hours, readiness and schedules, run by `npm run test:hours` with
// the test process's clock moved (TEST_WALL_CLOCK); otherwise as the whole suite runs.
// TEST_HOURS_SERVER_ONLY=1 leaves out the browser files, which take most of the time (CI).
const SERVER = [
  'test/unit/run-schedule.test.ts',
  'test/integration/waitlist-engine.test.ts',
  'test/integration/waitlist-api.test.ts',
  'test/integration/reservations-api.test.ts',
  'test/integration/locations-api.test.ts',
  'test/integration/admin/host-stand.test.ts',
];
const BROWSER = ['test/browser/location-popover.test.ts', 'test/browser/locations-directory.test.ts', 'test/browser/locations-map.test.ts', 'test/browser/visitor-panels.test.ts'];

module.exports = {
  ...require('../.mocharc.cjs'),
  spec: process.env.TEST_HOURS_SERVER_ONLY === '1' ? SERVER : [...SERVER, ...BROWSER],
};
