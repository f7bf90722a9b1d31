import { expect } from 'chai';
import { sql } from 'kysely';
import { pino } from 'pino';
import type { SerializedForm } from '../../client/lib/server-forms';
import { TOKEN_USED_MESSAGE, TOO_FAST_MESSAGE, signCaptchaToken } from '../../server/captcha/builtin';
import { CAPTCHA_FAILED_MESSAGE } from '../../server/captcha/provider';
import { hostedCaptcha } from '../../server/captcha/siteverify';
import type { Page } from '../../server/db/schema';
import { addChild } from '../../server/models/pages';
import { getSubscriberByEmail } from '../../server/models/subscribers';
import { SAVE_FAILED_MESSAGE } from '../../server/views/page-forms';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { passedCaptcha, uniqueClientAddress, visitFormPage } from '../support/forms';
import { preloadedOf } from '../support/preloaded';
import { request, startTestServer, type TestServer } from '../support/server';

const CONTACT = {
  question_category: 'Suggestion',
  topic: 'New Location',
  first_name: 'Sam',
  last_name: 'Reef',
  email: 'sam.reef@example.com',
  phone: '407-555-0123',
  address_line1: '1 Dock Rd',
  address_city: 'Tampa',
  address_state: 'FL',
  address_zip: '33601',
  message: 'Please open one in Tampa.',
};

const signupFields = (email: string, overrides: Record<string, string> = {}) => ({
  first_name: 'Sam',
  last_name: 'Reef',
  email,
  postcode: '33601',
  terms: 'on',
  'occasions-TOTAL_FORMS': '0',
  'occasions-INITIAL_FORMS': '0',
  ...overrides,
});

/** A site with a contact page and a signup page on the given server. */
async function formPages(server: TestServer): Promise<{ site: TestSite; contact: Page; signup: Page }> {
  const site = await createTestSite(server.db);
  const contact = await addChild(server.db, site.home, { title: 'Contact', slug: 'contact', pageType: 'contact_us_page', content: { body: [], to_address: 'guests@abuse.example' } });
  const signup = await addChild(server.db, site.home, { title: 'Join', slug: 'join', pageType: 'email_signup_page', content: { body: [], pre_form_content: [] } });
  return { site, contact, signup };
}

const formOf = (html: string) => preloadedOf(html).props.form as SerializedForm;

describe('visitor forms against abuse and failure', () => {
  let server: TestServer;
  let pages: Awaited<ReturnType<typeof formPages>>;

  before(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
    pages = await formPages(server);
  });
  after(() => server.close());

  const submissionCount = (page: Page) =>
    server.db
      .selectFrom('form_submissions')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('page_id', '=', page.id)
      .executeTakeFirstOrThrow()
      .then((row) => row.count);

  describe('CSRF', () => {
    it('refuses a form post without a token or with a wrong one: 403 with a clear page, nothing stored', async () => {
      const before = await submissionCount(pages.contact);
      for (const token of [null, 'wrong-token']) {
        const visitor = await visitFormPage(server, pages.site.hostname, '/contact/');
        const response = await visitor.post({ ...CONTACT, ...passedCaptcha(server.config.SECRET_KEY) }, { token });
        expect(response.status, String(token)).to.equal(403);
        expect(response.headers['content-type']).to.match(/^text\/html/);
        expect(response.body).to.include('CSRF verification failed. Reload the page and try again.');
      }
      expect(await submissionCount(pages.contact)).to.equal(before);

      const email = `csrf.${uniqueSuffix()}@example.com`;
      const visitor = await visitFormPage(server, pages.site.hostname, '/join/');
      expect((await visitor.post({ ...signupFields(email), ...passedCaptcha(server.config.SECRET_KEY) }, { token: null })).status).to.equal(403);
      expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);
    });

    it('refuses an API post without a token with a JSON error', async () => {
      const email = `csrf.${uniqueSuffix()}@example.com`;
      const response = await request(server, '/api/fcc/unsubscribe/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': uniqueClientAddress() },
        body: new URLSearchParams({ Email: email }).toString(),
      });
      expect(response.status).to.equal(403);
      expect(response.json()).to.deep.equal({ error: 'CSRF verification failed. Reload the page and try again.' });
      const events = await server.db.selectFrom('subscription_events').select('id').where('email', '=', email).execute();
      expect(events).to.deep.equal([]);
    });
  });

  describe('built-in captcha', () => {
    const secret = () => server.config.SECRET_KEY;
    const cases: Array<[string, () => Record<string, string>, string]> = [
      ['box not ticked', () => ({ ...passedCaptcha(secret()), captcha: '' }), CAPTCHA_FAILED_MESSAGE],
      ['honeypot filled in', () => ({ ...passedCaptcha(secret()), captcha_website: 'https://spam.example' }), CAPTCHA_FAILED_MESSAGE],
      [
        'token signed with another key',
        () => ({ ...passedCaptcha(secret()), captcha_token: signCaptchaToken('another-secret-of-sufficient-length-123', Date.now() - 10_000) }),
        CAPTCHA_FAILED_MESSAGE,
      ],
      ['token missing', () => ({ captcha: 'on' }), CAPTCHA_FAILED_MESSAGE],
      ['sent faster than a person types', () => ({ ...passedCaptcha(secret()), captcha_token: signCaptchaToken(secret(), Date.now()) }), TOO_FAST_MESSAGE],
    ];
    for (const [name, captcha, message] of cases) {
      it(`refuses a contact message with the ${name}, as a field error, storing nothing`, async () => {
        const before = await submissionCount(pages.contact);
        const visitor = await visitFormPage(server, pages.site.hostname, '/contact/');
        const response = await visitor.post({ ...CONTACT, ...captcha() });
        expect(response.status).to.equal(200);
        expect(formOf(response.body).errors).to.deep.equal({ captcha: [message] });
        expect(await submissionCount(pages.contact)).to.equal(before);
      });
    }

    it('accepts a captcha token once and refuses it when the same post is replayed', async () => {
      const before = await submissionCount(pages.contact);
      const visitor = await visitFormPage(server, pages.site.hostname, '/contact/');
      const post = { ...CONTACT, ...passedCaptcha(secret()) };
      expect((await visitor.post(post)).status).to.equal(303);
      const replay = await visitor.post(post);
      expect(replay.status).to.equal(200);
      expect(formOf(replay.body).errors).to.deep.equal({ captcha: [TOKEN_USED_MESSAGE] });
      expect(await submissionCount(pages.contact)).to.equal(before + 1);
    });

    it('refuses a signup with a failed captcha, storing nothing', async () => {
      const email = `bot.${uniqueSuffix()}@example.com`;
      const visitor = await visitFormPage(server, pages.site.hostname, '/join/');
      const response = await visitor.post({ ...signupFields(email), captcha: 'on', captcha_website: 'filled' });
      expect(formOf(response.body).errors).to.have.property('captcha');
      expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);
    });
  });

  describe('hosted captcha', () => {
    it('checks the widget response with the provider, storing only what the provider passes', async () => {
      const calls: Array<{ url: string; body: URLSearchParams }> = [];
      let verdict = false;
      const fakeFetch: typeof fetch = async (url, init) => {
        calls.push({ url: String(url), body: new URLSearchParams(String(init?.body)) });
        return new Response(JSON.stringify({ success: verdict, 'error-codes': verdict ? [] : ['invalid-input-response'] }), { headers: { 'Content-Type': 'application/json' } });
      };
      const captcha = hostedCaptcha({ name: 'turnstile', siteKey: 'site-key-1', secretKey: 'secret-key-1', logger: pino({ level: 'silent' }), fetch: fakeFetch });
      const hosted = await startTestServer({ TRUST_PROXY: '1' }, { captcha });
      try {
        const hostedPages = await formPages(hosted);
        const page = await request(hosted, '/contact/', { host: hostedPages.site.hostname });
        const widget = formOf(page.body).fields.find((field) => field.name === 'captcha')!.widget;
        expect(widget).to.deep.include({ tag: 'div', attrs: { class: 'cf-turnstile', 'data-sitekey': 'site-key-1' } });

        const visitor = await visitFormPage(hosted, hostedPages.site.hostname, '/contact/');
        const refused = await visitor.post({ ...CONTACT, 'cf-turnstile-response': 'widget-answer' });
        expect(formOf(refused.body).errors).to.deep.equal({ captcha: [CAPTCHA_FAILED_MESSAGE] });
        expect(calls[0]!.url).to.equal('https://challenges.cloudflare.com/turnstile/v0/siteverify');
        expect(Object.fromEntries(calls[0]!.body)).to.deep.equal({ secret: 'secret-key-1', response: 'widget-answer', remoteip: visitor.address });

        verdict = true;
        const accepted = await visitor.post({ ...CONTACT, 'cf-turnstile-response': 'widget-answer' });
        expect(accepted.status).to.equal(303);
        const rows = await hosted.db.selectFrom('form_submissions').select('id').where('page_id', '=', hostedPages.contact.id).execute();
        expect(rows).to.have.length(1);
      } finally {
        await hosted.close();
      }
    });
  });

  describe('rate limits', () => {
    it('answers 429 with Retry-After once one address sent too many posts to a form, counting per address', async () => {
      const limited = await startTestServer({ TRUST_PROXY: '1', FORM_POSTS_PER_WINDOW: '3' });
      try {
        const limitedPages = await formPages(limited);
        const visitor = await visitFormPage(limited, limitedPages.site.hostname, '/contact/');
        for (let attempt = 0; attempt < 3; attempt++) expect((await visitor.post({ ...CONTACT, last_name: '' })).status).to.equal(200);
        const before = await limited.db.selectFrom('form_submissions').select('id').where('page_id', '=', limitedPages.contact.id).execute();
        const refused = await visitor.post({ ...CONTACT, ...passedCaptcha(limited.config.SECRET_KEY) });
        expect(refused.status).to.equal(429);
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).to.be.within(1, 600);
        expect(refused.body).to.include('You have sent this form too many times.');
        expect(await limited.db.selectFrom('form_submissions').select('id').where('page_id', '=', limitedPages.contact.id).execute()).to.deep.equal(before);

        const other = await visitFormPage(limited, limitedPages.site.hostname, '/contact/');
        expect((await other.post({ ...CONTACT, ...passedCaptcha(limited.config.SECRET_KEY) })).status).to.equal(303);
        // Each form counts on its own.
        const signup = await visitFormPage(limited, limitedPages.site.hostname, '/join/');
        expect((await signup.post({ ...signupFields('x@') })).status).to.equal(200);

        const address = uniqueClientAddress();
        const token = await request(limited, '/api-nc/csrftoken/');
        const cookie = String(token.headers['set-cookie']![0]!.split(';')[0]);
        const unsubscribe = () =>
          request(limited, '/api/fcc/unsubscribe/', {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, 'X-CSRFToken': token.json<{ csrf_token: string }>().csrf_token, 'X-Forwarded-For': address },
            body: 'Email=limit%40example.com',
          });
        for (let attempt = 0; attempt < 3; attempt++) expect((await unsubscribe()).status).to.equal(200);
        const tooMany = await unsubscribe();
        expect(tooMany.status).to.equal(429);
        expect(tooMany.headers['retry-after']).to.match(/^\d+$/);
        expect(tooMany.json()).to.have.property('error');
      } finally {
        await limited.close();
      }
    });
  });

  describe('oversize bodies', () => {
    it('answers 413 with a clear page for a form and JSON for the API', async () => {
      const visitor = await visitFormPage(server, pages.site.hostname, '/contact/');
      const huge = new URLSearchParams({ ...CONTACT, message: 'x'.repeat(200_000) }).toString();
      const before = await submissionCount(pages.contact);
      const response = await visitor.post({}, { body: huge });
      expect(response.status).to.equal(413);
      expect(response.headers['content-type']).to.match(/^text\/html/);
      expect(response.body).to.include('What you sent is too large. Please shorten it and try again.');
      expect(await submissionCount(pages.contact)).to.equal(before);

      const api = await request(server, '/api/fcc/unsubscribe/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': uniqueClientAddress() },
        body: `Email=${'a'.repeat(200_000)}`,
      });
      expect(api.status).to.equal(413);
      expect(api.json()).to.deep.equal({ error: 'What you sent is too large. Please shorten it and try again.' });
    });
  });

  describe('database failures', () => {
    it('answers a contact message the database refuses with 500 and the form as typed, keeping earlier messages', async () => {
      const visitor = await visitFormPage(server, pages.site.hostname, '/contact/');
      expect((await visitor.post({ ...CONTACT, ...passedCaptcha(server.config.SECRET_KEY) })).status).to.equal(303);
      const before = await submissionCount(pages.contact);
      const mailsBefore = await server.db.selectFrom('outbox_emails').select('id').where('to_address', '=', 'guests@abuse.example').execute();
      // NOT VALID: existing rows stay; only the next insert carrying this message is refused.
      await sql`alter table form_submissions add constraint test_refuse_message check (form_data->>'message' <> 'Refuse me') not valid`.execute(server.db);
      try {
        const response = await visitor.post({ ...CONTACT, message: 'Refuse me', first_name: 'Kept', ...passedCaptcha(server.config.SECRET_KEY) });
        expect(response.status).to.equal(500);
        const form = formOf(response.body);
        expect(form.errors).to.deep.equal({ __all__: [SAVE_FAILED_MESSAGE] });
        expect(form.fields.find((field) => field.name === 'first_name')!.widget.value).to.equal('Kept');
        expect(form.fields.find((field) => field.name === 'message')!.widget.value).to.equal('Refuse me');
        expect(response.body).to.include(SAVE_FAILED_MESSAGE);
      } finally {
        await sql`alter table form_submissions drop constraint test_refuse_message`.execute(server.db);
      }
      expect(await submissionCount(pages.contact)).to.equal(before);
      // The notification was in the same transaction: no mail about a message that was not kept.
      expect(await server.db.selectFrom('outbox_emails').select('id').where('to_address', '=', 'guests@abuse.example').execute()).to.deep.equal(mailsBefore);
    });

    it('answers a signup the database refuses with 500 and the form as typed, mailing nothing', async () => {
      const email = `refused.${uniqueSuffix()}@example.com`;
      await sql`alter table email_signup_confirmations add constraint test_refuse_name check (signup->>'firstName' <> 'Refused') not valid`.execute(server.db);
      try {
        const visitor = await visitFormPage(server, pages.site.hostname, '/join/');
        const response = await visitor.post({
          ...signupFields(email, {
            first_name: 'Refused',
            'occasions-TOTAL_FORMS': '1',
            'occasions-0-occasion': 'Birthday',
            'occasions-0-relationship': 'Friend',
            'occasions-0-month': '3',
            'occasions-0-day': '4',
          }),
          ...passedCaptcha(server.config.SECRET_KEY),
        });
        expect(response.status).to.equal(500);
        expect(formOf(response.body).errors).to.deep.equal({ __all__: [SAVE_FAILED_MESSAGE] });
        expect(formOf(response.body).fields.find((field) => field.name === 'email')!.widget.value).to.equal(email);
        expect((preloadedOf(response.body).props.occasions as { total_form_count: number }).total_form_count).to.equal(1);
      } finally {
        await sql`alter table email_signup_confirmations drop constraint test_refuse_name`.execute(server.db);
      }
      expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);
      // The confirmation mail was in the same transaction: none for a signup that was not kept.
      expect(await server.db.selectFrom('outbox_emails').select('id').where('to_address', '=', email).execute()).to.deep.equal([]);
    });
  });
});
