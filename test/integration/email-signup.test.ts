import { expect } from 'chai';
import { sql } from 'kysely';
import type { SerializedForm, SerializedFormSet } from '../../client/lib/server-forms';
import type { Page } from '../../server/db/schema';
import { MANAGEMENT_FORM_MESSAGE, tooManyFormsMessage } from '../../server/forms/form-set';
import { INVALID_POSTCODE_MESSAGE } from '../../server/forms/field-rules';
import { INVALID_EMAIL_MESSAGE, REQUIRED_MESSAGE, invalidChoiceMessage, tooLongMessage } from '../../server/forms/messages';
import { BIRTHDAY_INCOMPLETE_MESSAGE, INVALID_DAY_MESSAGE, MAX_OCCASIONS, TERMS_REQUIRED_MESSAGE } from '../../server/forms/signup-form';
import { addChild } from '../../server/models/pages';
import { CONFIRMATION_MAILS_PER_ADDRESS, makeSignupConfirmationToken, purgeExpiredSignupConfirmations, SIGNUP_CONFIRMATION_TTL_MS } from '../../server/models/signup-confirmations';
import { occasionsOf } from '../../server/models/subscriber-occasions';
import { getSubscriberByEmail, unsubscribeEmail } from '../../server/models/subscribers';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { passedCaptcha, visitFormPage } from '../support/forms';
import { preloadedOf, withoutPreloaded } from '../support/preloaded';
import { request, startTestServer, type TestServer } from '../support/server';

const richText = (id: string, html: string) => ({ type: 'rich_text', id, value: { html } });

/** The rendered page without its preloaded JSON, whose catalog holds every message. */

/** The management form and occasion fields of a form set with these occasions. */
function occasionFields(occasions: Array<Record<string, string>>, total = occasions.length): Record<string, string> {
  const fields: Record<string, string> = { 'occasions-TOTAL_FORMS': String(total), 'occasions-INITIAL_FORMS': '0' };
  occasions.forEach((occasion, index) => {
    for (const [name, value] of Object.entries(occasion)) fields[`occasions-${index}-${name}`] = value;
  });
  return fields;
}

describe('email signup form', () => {
  let server: TestServer;
  let site: TestSite;
  let signupPage: Page;

  before(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
    site = await createTestSite(server.db);
    signupPage = await addChild(server.db, site.home, {
      title: 'Sign Up',
      slug: 'sign-up',
      pageType: 'email_signup_page',
      content: { body: [], pre_form_content: [], legal_text: '<p>Legal words.</p>', faq_url: '/faq/', unsubscribe_url: '/unsubscribe/' },
    });
    await addChild(server.db, signupPage, {
      title: 'Welcome',
      slug: 'welcome',
      pageType: 'email_signup_landing_page',
      content: { body: [], confirmation: [richText('c', '<p>You are on the list.</p>')], legal_text: '<p>Legal words.</p>', faq_url: '/faq/', unsubscribe_url: '/unsubscribe/' },
    });
  });
  after(() => server.close());

  const newEmail = () => `diner.${uniqueSuffix()}@example.com`;
  const details = (email: string, overrides: Record<string, string> = {}) => ({
    first_name: 'Robin',
    last_name: 'Shore',
    email,
    postcode: '32801',
    birthday_month: '2',
    birthday_day: '29',
    terms: 'on',
    consent: 'on',
    ...occasionFields([]),
    ...overrides,
  });
  const formOf = (html: string) => preloadedOf(html).props.form as SerializedForm;
  const occasionsOfPage = (html: string) => preloadedOf(html).props.occasions as SerializedFormSet;

  async function send(fields: Record<string, string>, path = '/sign-up/') {
    const visitor = await visitFormPage(server, site.hostname, path);
    return visitor.post({ ...fields, ...passedCaptcha(server.config.SECRET_KEY) });
  }

  const eventsFor = (email: string) => server.db.selectFrom('subscription_events').select('kind').where('email', '=', email).orderBy('id').execute();
  const mailsTo = (email: string) => server.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).orderBy('id').execute();

  /** The confirmation link of the latest signup mail to this address. */
  async function confirmationLink(email: string): Promise<URL> {
    const mail = (await mailsTo(email)).at(-1);
    expect(mail, `a confirmation mail to ${email}`).to.not.equal(undefined);
    const link = /https?:\/\/\S+\/_util\/email-signup\/confirm\/\S+\//.exec(mail!.text_body);
    expect(link, mail!.text_body).to.not.equal(null);
    return new URL(link![0]);
  }
  const follow = (link: URL) => request(server, link.pathname, { host: site.hostname });

  /** Signs up and follows the mailed link, as a subscriber does. */
  async function signUp(fields: Record<string, string>, email: string) {
    expect((await send(fields)).status).to.equal(303);
    expect((await follow(await confirmationLink(email))).status).to.equal(200);
  }

  it('draws the signup fields and an empty occasions form set with its maximum and management names', async () => {
    const page = await request(server, '/sign-up/', { host: site.hostname });
    const form = formOf(page.body);
    expect(form.fields.map((field) => field.name)).to.deep.equal(['first_name', 'last_name', 'email', 'postcode', 'birthday_month', 'birthday_day', 'terms', 'consent', 'captcha']);
    expect(form.fields.find((field) => field.name === 'terms')).to.include({ required: true });
    expect(form.fields.find((field) => field.name === 'consent')!.widget.attrs).to.include({ type: 'checkbox' });
    const occasions = occasionsOfPage(page.body);
    expect(occasions).to.include({ prefix: 'occasions', initial_form_count: 0, total_form_count: 0, max_num: MAX_OCCASIONS });
    expect(occasions.empty_form.fields.map((field) => field.name)).to.deep.equal([
      'occasions-__prefix__-occasion',
      'occasions-__prefix__-relationship',
      'occasions-__prefix__-month',
      'occasions-__prefix__-day',
    ]);
    expect(page.body).to.include('name="occasions-TOTAL_FORMS" value="0"');
    expect(page.body).to.include('name="occasions-INITIAL_FORMS" value="0"');
    expect(page.body).to.include('*Required');
    expect(page.body).to.include('<p>Legal words.</p>');
  });

  it('keeps a signup aside and mails a confirmation link; following it subscribes the normalized address with its profile, consent and occasions', async () => {
    const email = newEmail();
    const response = await send(
      details(`  ${email.toUpperCase()} `, {
        ...occasionFields([
          { occasion: 'Anniversary', relationship: 'Spouse / Partner', month: '6', day: '14' },
          { occasion: '', relationship: '', month: '', day: '' },
          { occasion: 'Birthday', relationship: 'Child', month: '12', day: '31' },
        ]),
      }),
    );
    expect(response.status).to.equal(303);
    expect(response.headers.location).to.equal('/sign-up/welcome/');
    const landing = await request(server, '/sign-up/welcome/', { host: site.hostname });
    expect(withoutPreloaded(landing.body)).to.include('Check your inbox to confirm your subscription');
    expect(landing.body).to.include('<p>You are on the list.</p>');
    expect(landing.body).to.include('<p>Legal words.</p>');
    expect(landing.body).to.include('href="/unsubscribe/"');
    expect(await getSubscriberByEmail(server.db, email), 'nothing subscribed before the link is followed').to.equal(undefined);
    expect(await eventsFor(email)).to.deep.equal([]);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).to.equal('Please confirm your email subscription');
    const link = await confirmationLink(email);
    // The link names the site as configured, never whatever Host the request carried.
    expect(link.origin).to.equal(`http://${site.hostname}`);
    const confirmed = await follow(link);
    expect(confirmed.status).to.equal(200);
    expect(confirmed.headers['cache-control']).to.equal('private, no-store');
    expect(withoutPreloaded(confirmed.body)).to.include('Your subscription is confirmed');

    const subscriber = (await getSubscriberByEmail(server.db, email))!;
    expect(subscriber).to.include({ email, first_name: 'Robin', last_name: 'Shore', postcode: '32801', birthday_month: 2, birthday_day: 29, subscribed: true, consent: true });
    expect(subscriber.terms_accepted_at).to.be.instanceOf(Date);
    expect((await occasionsOf(server.db, subscriber.id)).map(({ occasion, relationship, month, day }) => ({ occasion, relationship, month, day }))).to.deep.equal([
      { occasion: 'Anniversary', relationship: 'Spouse / Partner', month: 6, day: 14 },
      { occasion: 'Birthday', relationship: 'Child', month: 12, day: 31 },
    ]);
    expect(await eventsFor(email)).to.deep.equal([{ kind: 'subscribe' }]);

    const again = await follow(link);
    expect(again.status, 'confirming twice is harmless').to.equal(200);
    expect(withoutPreloaded(again.body)).to.include('You already confirmed this subscription');
    expect(await eventsFor(email)).to.deep.equal([{ kind: 'subscribe' }]);
  });

  it('answers a forged, malformed or expired confirmation link with a page saying to sign up again, subscribing nobody', async () => {
    const email = newEmail();
    await send(details(email));
    const good = await confirmationLink(email);
    const id = Number.parseInt(good.pathname.split('/').at(-2)!.split('-')[0]!, 36);
    const expired = makeSignupConfirmationToken(server.config.SECRET_KEY, id, new Date(Date.now() - SIGNUP_CONFIRMATION_TTL_MS - 60_000));
    const forged = makeSignupConfirmationToken('another-secret-of-sufficient-length-0000', id, new Date());
    for (const token of [expired, forged, 'not-a-token', 'x'.repeat(300)]) {
      const response = await request(server, `/_util/email-signup/confirm/${token}/`, { host: site.hostname });
      expect(response.status, token).to.equal(400);
      expect(withoutPreloaded(response.body)).to.include('This confirmation link does not work');
      expect(withoutPreloaded(response.body)).to.include('Please sign up again to get a new one.');
    }
    expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);
  });

  it('mails one address at most its limit of confirmation links, answering every signup the same', async () => {
    const email = newEmail();
    for (let attempt = 0; attempt < CONFIRMATION_MAILS_PER_ADDRESS.max + 2; attempt++) {
      const response = await send(details(email));
      expect(response.status).to.equal(303);
      expect(response.headers.location).to.equal('/sign-up/welcome/');
    }
    expect(await mailsTo(email)).to.have.length(CONFIRMATION_MAILS_PER_ADDRESS.max);
  });

  it('forgets waiting signups once their links have expired', async () => {
    const email = newEmail();
    await send(details(email));
    const waiting = () => server.db.selectFrom('email_signup_confirmations').select('id').where('email', '=', email).execute();
    await purgeExpiredSignupConfirmations(server.db, new Date());
    expect(await waiting()).to.have.length(1);
    // Aged rather than purging with a later clock, which would take other tests' signups too.
    const aged = new Date(Date.now() - SIGNUP_CONFIRMATION_TTL_MS - 60_000);
    await sql`update email_signup_confirmations set created_at = ${aged} where email = ${email}`.execute(server.db);
    await purgeExpiredSignupConfirmations(server.db, new Date());
    expect(await waiting()).to.have.length(0);
  });

  it('updates the one subscriber of an address signing up again, whatever its case and spaces', async () => {
    const email = newEmail();
    await signUp(details(email, occasionFields([{ occasion: 'Graduation', relationship: 'Child', month: '5', day: '20' }])), email);
    await signUp(details(` ${email.replace('diner', 'DINER')}`, { first_name: 'Robyn', consent: '' }), email);
    const rows = await server.db.selectFrom('subscribers').select(['id', 'first_name', 'consent']).where('email', '=', email).execute();
    expect(rows).to.have.length(1);
    expect(rows[0]).to.include({ first_name: 'Robyn', consent: false });
    // A signup without occasions keeps the ones given before.
    expect(await occasionsOf(server.db, rows[0]!.id)).to.have.length(1);
    expect(await eventsFor(email)).to.deep.equal([{ kind: 'subscribe' }]);
  });

  it('resubscribes an address that had unsubscribed and records the resubscription', async () => {
    const email = newEmail();
    await signUp(details(email), email);
    await unsubscribeEmail(server.db, { email });
    expect((await getSubscriberByEmail(server.db, email))!.subscribed).to.equal(false);

    expect((await send(details(email))).status).to.equal(303);
    expect((await getSubscriberByEmail(server.db, email))!.subscribed, 'still unsubscribed until confirmed').to.equal(false);
    await follow(await confirmationLink(email));
    const subscriber = (await getSubscriberByEmail(server.db, email))!;
    expect(subscriber).to.include({ subscribed: true, unsubscribed_at: null });
    expect(await eventsFor(email)).to.deep.equal([{ kind: 'subscribe' }, { kind: 'unsubscribe' }, { kind: 'resubscribe' }]);
  });

  it('refuses a signup without the terms accepted, storing nothing', async () => {
    const email = newEmail();
    const response = await send(details(email, { terms: '' }));
    expect(response.status).to.equal(200);
    expect(formOf(response.body).errors).to.deep.equal({ terms: [TERMS_REQUIRED_MESSAGE] });
    expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);
  });

  it('answers a refused signup with 200 and the form: each field checked with a specific message, what was typed kept', async () => {
    const response = await send(details('robin@', { first_name: '', last_name: 'S'.repeat(51), postcode: 'ABCDE', birthday_month: '2', birthday_day: '30' }));
    expect(response.status).to.equal(200);
    const form = formOf(response.body);
    expect(form.errors).to.deep.equal({
      first_name: [REQUIRED_MESSAGE],
      last_name: [tooLongMessage(50, 51)],
      email: [INVALID_EMAIL_MESSAGE],
      postcode: [INVALID_POSTCODE_MESSAGE],
    });
    expect(form.fields.find((field) => field.name === 'email')!.widget.value).to.equal('robin@');

    const email = newEmail();
    const badDay = await send(details(email, { birthday_month: '2', birthday_day: '30' }));
    expect(formOf(badDay.body).errors).to.deep.equal({ birthday_day: [INVALID_DAY_MESSAGE] });
    const halfBirthday = await send(details(email, { birthday_month: '4', birthday_day: '' }));
    expect(formOf(halfBirthday.body).errors).to.deep.equal({ birthday_day: [BIRTHDAY_INCOMPLETE_MESSAGE] });
    const badMonth = await send(details(email, { birthday_month: '13' }));
    expect(formOf(badMonth.body).errors).to.deep.equal({ birthday_month: [invalidChoiceMessage('13')] });
    expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);
  });

  it('refuses more occasions than the form schema allows, and a missing management form', async () => {
    const email = newEmail();
    const occasion = { occasion: 'Birthday', relationship: 'Friend', month: '1', day: '2' };
    const tooMany = await send(details(email, occasionFields(Array.from({ length: MAX_OCCASIONS + 1 }, () => occasion))));
    expect(tooMany.status).to.equal(200);
    expect(occasionsOfPage(tooMany.body).non_form_errors).to.deep.equal([tooManyFormsMessage(MAX_OCCASIONS)]);
    expect(tooMany.body).to.include(tooManyFormsMessage(MAX_OCCASIONS));

    const fields: Record<string, string> = details(email);
    delete fields['occasions-TOTAL_FORMS'];
    const tampered = await send(fields);
    expect(occasionsOfPage(tampered.body).non_form_errors).to.deep.equal([MANAGEMENT_FORM_MESSAGE]);
    expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);
  });

  it('shows an occasion filled in halfway again with its errors and values', async () => {
    const email = newEmail();
    const response = await send(details(email, occasionFields([{ occasion: 'Anniversary', relationship: '', month: '2', day: '31' }])));
    expect(response.status).to.equal(200);
    const occasions = occasionsOfPage(response.body);
    expect(occasions.total_form_count).to.equal(1);
    expect(occasions.forms[0]!.errors).to.deep.equal({ relationship: [REQUIRED_MESSAGE] });
    expect(occasions.forms[0]!.fields[0]!.widget.optgroups[1]![1].find((option) => option.selected)?.value).to.equal('Anniversary');
    expect(response.body).to.include('name="occasions-TOTAL_FORMS" value="1"');
    expect(await getSubscriberByEmail(server.db, email)).to.equal(undefined);

    const badDay = await send(details(email, occasionFields([{ occasion: 'Anniversary', relationship: 'Parent', month: '4', day: '31' }])));
    expect(occasionsOfPage(badDay.body).forms[0]!.errors).to.deep.equal({ day: [INVALID_DAY_MESSAGE] });
  });

  it('without a landing page, thanks the subscriber on the page itself', async () => {
    const slug = `signup-${uniqueSuffix()}`;
    await addChild(server.db, site.home, { title: 'Join', slug, pageType: 'email_signup_page', content: { body: [], pre_form_content: [] } });
    const response = await send(details(newEmail()), `/${slug}/`);
    expect(response.headers.location).to.equal(`/${slug}/?submitted=1`);
    const thanks = await request(server, `/${slug}/?submitted=1`, { host: site.hostname });
    expect(withoutPreloaded(thanks.body)).to.include('Thanks for signing up! Check your inbox to confirm your subscription');
    expect(preloadedOf(thanks.body).props.form).to.equal(null);
  });

  describe('with double opt-in turned off', () => {
    let direct: TestServer;
    before(async () => {
      direct = await startTestServer({ TRUST_PROXY: '1', EMAIL_SIGNUP_DOUBLE_OPT_IN: 'off' });
    });
    after(() => direct.close());

    it('subscribes at once and mails no confirmation, as before', async () => {
      const email = newEmail();
      const visitor = await visitFormPage(direct, site.hostname, '/sign-up/');
      const response = await visitor.post({ ...details(email), ...passedCaptcha(direct.config.SECRET_KEY) });
      expect(response.status).to.equal(303);
      expect(await getSubscriberByEmail(server.db, email)).to.include({ email, subscribed: true });
      expect(await eventsFor(email)).to.deep.equal([{ kind: 'subscribe' }]);
      expect(await mailsTo(email)).to.deep.equal([]);
      const landing = await request(direct, '/sign-up/welcome/', { host: site.hostname });
      expect(landing.body).to.include('<p>You are on the list.</p>');
      expect(withoutPreloaded(landing.body)).to.not.include('Check your inbox');
    });
  });
});
