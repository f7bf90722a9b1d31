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
    ['TRUST_PROXY', 'proxy.internal'],
    ['ALLOWED_HOSTS', 'good.example, bad host'],
    ['FRAME_ORIGINS', 'http://menus.example.com'],
    ['FRAME_ORIGINS', 'https://menus.example.com/menu/'],
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

  describe('TRUST_PROXY', () => {
    const trustProxy = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).TRUST_PROXY;

    it('trusts no proxy by default, or when empty or off', () => {
      expect(loadConfig({ DATA_DIR: dataDir }).TRUST_PROXY).to.equal(false);
      for (const value of ['', 'off', 'false', 'no', '0']) expect(trustProxy(value), value).to.equal(false);
    });

    it('takes a hop count, a range name, or a comma list of addresses and CIDR ranges, in the forms Express trusts', () => {
      expect(trustProxy('1')).to.equal(1);
      expect(trustProxy('2')).to.equal(2);
      expect(trustProxy('loopback')).to.deep.equal(['loopback']);
      expect(trustProxy('10.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,uniquelocal')).to.deep.equal(['10.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'uniquelocal']);
    });

    for (const value of ['on', 'true', 'yes', 'ON', '*', '10.0.0.1, everyone', '10.0.0.0/33']) {
      it(`refuses TRUST_PROXY=${value}, naming the forms it accepts`, () => {
        expect(() => trustProxy(value))
          .to.throw(ConfigError)
          .with.property('message')
          .that.includes('Invalid environment variable TRUST_PROXY')
          .and.includes('a hop count (1), loopback, linklocal, uniquelocal, or a comma list of proxy addresses or CIDR ranges');
      });
    }
  });

  it('allows the local machine by default, and takes ALLOWED_HOSTS in Django syntax', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).ALLOWED_HOSTS).to.deep.equal(['.localhost', '127.0.0.1', '[::1]']);
    expect(loadConfig({ DATA_DIR: dataDir, ALLOWED_HOSTS: 'WWW.Example.com, .example.net,*' }).ALLOWED_HOSTS).to.deep.equal(['www.example.com', '.example.net', '*']);
    expect(loadConfig({ DATA_DIR: dataDir, ALLOWED_HOSTS: '' }).ALLOWED_HOSTS).to.deep.equal([]);
  });

  it("takes FRAME_ORIGINS as a comma list of https origins, by default the demo map's", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).FRAME_ORIGINS).to.deep.equal(['https://www.openstreetmap.org']);
    expect(loadConfig({ DATA_DIR: dataDir, FRAME_ORIGINS: '' }).FRAME_ORIGINS).to.deep.equal([]);
    expect(loadConfig({ DATA_DIR: dataDir, FRAME_ORIGINS: 'https://menus.example.com/, https://maps.example.org' }).FRAME_ORIGINS).to.deep.equal([
      'https://menus.example.com',
      'https://maps.example.org',
    ]);
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
