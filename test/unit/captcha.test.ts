import { expect } from 'chai';
import { pino } from 'pino';
import { MAX_TOKEN_AGE_MS, MIN_FILL_MS, TOKEN_USED_MESSAGE, TOO_FAST_MESSAGE, builtinCaptcha, signCaptchaToken } from '../../server/captcha/builtin';
import { createCaptcha } from '../../server/captcha/create-captcha';
import { CAPTCHA_FAILED_MESSAGE } from '../../server/captcha/provider';
import { CAPTCHA_UNAVAILABLE_MESSAGE, HOSTED_CAPTCHAS, hostedCaptcha, type HostedCaptchaName } from '../../server/captcha/siteverify';
import { ConfigError } from '../../server/config';
import type { Db } from '../../server/db/database';
import { purgeExpiredCaptchaTokens } from '../../server/models/captcha-tokens';
import { configuredOutsideScripts } from '../../server/outside-scripts';
import { testDb } from '../support/database';
import { testConfig } from '../support/server';

const SECRET = 'captcha-unit-secret-of-sufficient-length';
const silent = pino({ level: 'silent' });
const context = { htmlName: 'captcha', remoteIp: '203.0.113.9' };

describe('built-in captcha', () => {
  let now = 1_700_000_000_000;
  let db: Db;
  let captcha: ReturnType<typeof builtinCaptcha>;
  before(async () => {
    db = await testDb();
    captcha = builtinCaptcha({ secret: SECRET, db, now: () => now });
  });

  it('draws a checkbox with a signed draw time and a honeypot', () => {
    const widget = captcha.widget('captcha', undefined);
    expect(widget.tag).to.equal('input');
    expect(widget.attrs).to.include({ type: 'checkbox', name: 'captcha', required: true, checked: false });
    expect(widget.subwidgets.map((sub) => sub.attrs.name)).to.deep.equal(['captcha_token', 'captcha_website']);
    expect(widget.subwidgets[0]!.value).to.match(new RegExp(`^${now}\\.[\\w-]{16}\\.[\\w-]{43}$`));
    expect(captcha.widget('captcha', undefined).subwidgets[0]!.value, 'each form its own token').to.not.equal(widget.subwidgets[0]!.value);
  });

  it('passes a token once and refuses it when the same form is sent again, from any process', async () => {
    const token = signCaptchaToken(SECRET, now - MIN_FILL_MS);
    const answer = { captcha: 'on', captcha_token: token, captcha_website: '' };
    expect(await captcha.verify(answer, context)).to.deep.equal({ passed: true });
    expect(await captcha.verify(answer, context)).to.deep.equal({ passed: false, message: TOKEN_USED_MESSAGE });
    const otherProcess = builtinCaptcha({ secret: SECRET, db, now: () => now });
    expect(await otherProcess.verify(answer, context)).to.deep.equal({ passed: false, message: TOKEN_USED_MESSAGE });
    expect(await captcha.verify({ ...answer, captcha_token: signCaptchaToken(SECRET, now - MIN_FILL_MS) }, context), 'a fresh token').to.deep.equal({ passed: true });
  });

  it('forgets used tokens once they would be refused as expired anyway', async () => {
    const token = signCaptchaToken(SECRET, now - MIN_FILL_MS);
    expect(await captcha.verify({ captcha: 'on', captcha_token: token }, context)).to.deep.equal({ passed: true });
    const stored = () => db.selectFrom('used_captcha_tokens').select('token').where('token', '=', token).execute();
    expect(await purgeExpiredCaptchaTokens(db, new Date(now))).to.be.a('number');
    expect(await stored()).to.have.length(1);
    await purgeExpiredCaptchaTokens(db, new Date(now - MIN_FILL_MS + MAX_TOKEN_AGE_MS + 1));
    expect(await stored()).to.have.length(0);
  });

  it('passes a ticked box with an empty honeypot sent at least the minimum fill time after drawing', async () => {
    const token = signCaptchaToken(SECRET, now);
    now += MIN_FILL_MS;
    expect(await captcha.verify({ captcha: 'on', captcha_token: token, captcha_website: '' }, context)).to.deep.equal({ passed: true });
  });

  it('refuses a box not ticked, a filled honeypot, a forged, expired or too fresh token', async () => {
    const fresh = signCaptchaToken(SECRET, now);
    const old = signCaptchaToken(SECRET, now - MAX_TOKEN_AGE_MS - 1);
    const good = signCaptchaToken(SECRET, now - MIN_FILL_MS);
    const forged = `${now - 60_000}.${good.split('.')[1]}`;
    const verdicts = await Promise.all([
      captcha.verify({ captcha_token: good }, context),
      captcha.verify({ captcha: 'on', captcha_token: good, captcha_website: 'x' }, context),
      captcha.verify({ captcha: 'on', captcha_token: forged }, context),
      captcha.verify({ captcha: 'on', captcha_token: signCaptchaToken('another-secret-of-sufficient-length!', now - 60_000) }, context),
      captcha.verify({ captcha: 'on', captcha_token: old }, context),
      captcha.verify({ captcha: 'on', captcha_token: 'garbage' }, context),
      captcha.verify({ captcha: 'on', captcha_token: fresh }, context),
    ]);
    expect(verdicts.slice(0, 6)).to.deep.equal(Array.from({ length: 6 }, () => ({ passed: false, message: CAPTCHA_FAILED_MESSAGE })));
    expect(verdicts[6]).to.deep.equal({ passed: false, message: TOO_FAST_MESSAGE });
  });
});

describe('hosted captchas', () => {
  const reply = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  for (const name of Object.keys(HOSTED_CAPTCHAS) as HostedCaptchaName[]) {
    it(`${name}: draws the provider widget and posts the response, secret and address to its siteverify endpoint`, async () => {
      const requests: Array<{ url: string; body: string }> = [];
      const captcha = hostedCaptcha({
        name,
        siteKey: 'public-key',
        secretKey: 'private-key',
        logger: silent,
        fetch: async (url, init) => {
          requests.push({ url: String(url), body: String(init?.body) });
          return reply({ success: true });
        },
      });
      const hosted = HOSTED_CAPTCHAS[name];
      expect(captcha.widget('captcha', undefined)).to.deep.equal({
        tag: 'div',
        attrs: { class: hosted.widgetClass, 'data-sitekey': 'public-key' },
        optgroups: [],
        subwidgets: [],
        value: null,
      });
      expect(await captcha.verify({ [hosted.responseField]: 'token-123' }, context)).to.deep.equal({ passed: true });
      expect(requests).to.deep.equal([{ url: hosted.verifyUrl, body: 'secret=private-key&response=token-123&remoteip=203.0.113.9' }]);
    });
  }

  it('refuses without calling out when the widget sent nothing, and on the provider saying no', async () => {
    let calls = 0;
    const captcha = hostedCaptcha({
      name: 'recaptcha',
      siteKey: 'k',
      secretKey: 's',
      logger: silent,
      fetch: async () => (calls++, reply({ success: false, 'error-codes': ['timeout-or-duplicate'] })),
    });
    expect(await captcha.verify({}, context)).to.deep.equal({ passed: false, message: CAPTCHA_FAILED_MESSAGE });
    expect(calls).to.equal(0);
    expect(await captcha.verify({ 'g-recaptcha-response': 'x' }, context)).to.deep.equal({ passed: false, message: CAPTCHA_FAILED_MESSAGE });
    expect(calls).to.equal(1);
  });

  it('refuses with a try-again message when the provider cannot be reached or answers oddly', async () => {
    const failing = [async () => Promise.reject(new TypeError('fetch failed')), async () => reply({ oops: true }), async () => reply({ success: true }, 502)];
    for (const fetch of failing) {
      const captcha = hostedCaptcha({ name: 'hcaptcha', siteKey: 'k', secretKey: 's', logger: silent, fetch });
      expect(await captcha.verify({ 'h-captcha-response': 'x' }, context)).to.deep.equal({ passed: false, message: CAPTCHA_UNAVAILABLE_MESSAGE });
    }
  });
});

describe('captcha configuration', () => {
  let db: Db;
  before(async () => {
    db = await testDb();
  });

  it('uses the built-in check without keys, and a hosted one with its script when named with both keys', () => {
    expect(createCaptcha(testConfig(), db, silent).name).to.equal('builtin');
    expect(configuredOutsideScripts(testConfig()).some((script) => script.name === 'captcha')).to.equal(false);

    const config = testConfig({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET_KEY: 'secret' });
    expect(createCaptcha(config, db, silent).name).to.equal('hcaptcha');
    expect(configuredOutsideScripts(config)).to.deep.include({ name: 'captcha', src: 'https://js.hcaptcha.com/1/api.js' });
    const own = testConfig({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'site', CAPTCHA_SECRET_KEY: 'secret', CAPTCHA_SCRIPT_URL: 'https://www.recaptcha.net/recaptcha/api.js' });
    expect(configuredOutsideScripts(own)).to.deep.include({ name: 'captcha', src: 'https://www.recaptcha.net/recaptcha/api.js' });
  });

  it('refuses a hosted captcha without its keys', () => {
    expect(() => createCaptcha(testConfig({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site' }), db, silent)).to.throw(ConfigError, /CAPTCHA_SECRET_KEY/);
  });
});
