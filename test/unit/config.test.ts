import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../server/config';

const SECRET = 'a-production-secret-key-of-enough-length';

describe('configuration from the environment', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rh-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('applies defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.PORT).to.equal(8000);
    expect(config.DATABASE_URL).to.equal(undefined);
    expect(config.OLO_NEW_HEADER).to.equal(false);
    expect(config.LANGUAGE_CODE).to.equal('en-us');
    expect(config.SENTRY_DSN).to.equal(undefined);
  });

  it('parses ports, flags and URLs', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '9001',
      OLO_NEW_HEADER: 'true',
      DATABASE_URL: 'postgres://app@db.internal:5432/site',
      SENTRY_DSN: 'https://key@sentry.example/1',
      CI_COMMIT_SHA: 'deadbeef',
      SECRET_KEY: SECRET,
    });
    expect(config.PORT).to.equal(9001);
    expect(config.OLO_NEW_HEADER).to.equal(true);
    expect(config.DATABASE_URL).to.equal('postgres://app@db.internal:5432/site');
    expect(config.CI_COMMIT_SHA).to.equal('deadbeef');
    expect(config.SECRET_KEY).to.equal(SECRET);
  });

  const badValues: Array<[string, string]> = [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/site'],
    ['OLO_NEW_HEADER', 'maybe'],
    ['SENTRY_DSN', 'not a url'],
    ['LANGUAGE_CODE', 'English'],
    ['SECRET_KEY', 'short'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', 'ten seconds'],
    ['HEALTH_CHECK_TIMEOUT_MS', '0'],
    ['SHUTDOWN_GRACE_SECONDS', '-1'],
  ];
  for (const [variable, value] of badValues) {
    it(`refuses ${variable}=${value} with one line naming the variable`, () => {
      expect(() => loadConfig({ DATA_DIR: dataDir, [variable]: value }))
        .to.throw(ConfigError)
        .with.property('message')
        .that.matches(new RegExp(`^Invalid environment variable ${variable} \\(".*"\\): [^\\n]+$`));
    });
  }

  it('refuses a query timeout that would fire before the server cancels a slow statement', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_STATEMENT_TIMEOUT_MS: '20000' }))
      .to.throw(ConfigError)
      .with.property('message')
      .that.equals(
        'Invalid environment variable DATABASE_QUERY_TIMEOUT_MS ("15000"): must be above DATABASE_STATEMENT_TIMEOUT_MS (20000), so the server cancels a slow statement first',
      );
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_STATEMENT_TIMEOUT_MS: '20000', DATABASE_QUERY_TIMEOUT_MS: '25000' });
    expect([config.DATABASE_STATEMENT_TIMEOUT_MS, config.DATABASE_QUERY_TIMEOUT_MS, config.SHUTDOWN_GRACE_SECONDS]).to.deep.equal([20000, 25000, 10]);
  });

  it('requires SECRET_KEY in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).to.throw(ConfigError, /SECRET_KEY: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SECRET_KEY: SECRET }).SECRET_KEY).to.equal(SECRET);
  });

  it('generates a development secret once and keeps it under the data folder', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).SECRET_KEY;
    expect(first.length).to.be.at.least(32);
    expect(readFileSync(path.join(dataDir, 'secret_key'), 'utf8').trim()).to.equal(first);
    expect(loadConfig({ DATA_DIR: dataDir }).SECRET_KEY).to.equal(first);
  });
});
