import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import { builtinCaptcha, MIN_FILL_MS } from '../../server/captcha/builtin';
import type { Page } from '../../server/db/schema';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { occasionsOf } from '../../server/models/subscriber-occasions';
import { getSubscriberByEmail } from '../../server/models/subscribers';
import { useBrowserSuite } from '../support/browser';
import { testDb } from '../support/database';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { sampleLocation } from '../support/locations';
import { startTestServer, testConfig, type TestServer } from '../support/server';

/** Downtown Orlando, where the offline geocoder puts ZIP 32801. */
const ORLANDO = { latitude: 28.5399, longitude: -81.3727 };

/**
 * The app with the built-in captcha as drawn, judged as if MIN_FILL_MS had passed: a visitor this
 * fast is a test, and the minimum fill time has tests of its own (forms-abuse).
 */
async function startPatientCaptchaServer(): Promise<TestServer> {
  const { SECRET_KEY: secret } = testConfig();
  const db = await testDb();
  const drawn = builtinCaptcha({ secret, db });
  const patient = builtinCaptcha({ secret, db, now: () => Date.now() + MIN_FILL_MS });
  return startTestServer({}, { captcha: { ...drawn, verify: patient.verify } });
}

describe('visitor forms in the browser', function () {
  const suite = useBrowserSuite({ serve: startPatientCaptchaServer });
  let site: TestSite;
  let contactPage: Page;
  const rlid = 800_000_000 + Math.floor(Math.random() * 100_000_000);

  before(async function () {
    site = await createTestSite(suite.server.db);
    contactPage = await addChild(suite.server.db, site.home, {
      title: 'Contact Us',
      slug: 'contact-us',
      pageType: 'contact_us_page',
      content: { body: [], to_address: 'guests@suite.browser.example' },
    });
    await addChild(suite.server.db, contactPage, {
      title: 'Thanks',
      slug: 'thanks',
      pageType: 'contact_us_landing_page',
      content: { body: [], confirmation: [{ type: 'rich_text', id: 'c', value: { html: '<p>We received your message.</p>' } }] },
    });
    const signup = await addChild(suite.server.db, site.home, { title: 'Sign Up', slug: 'sign-up', pageType: 'email_signup_page', content: { body: [], pre_form_content: [] } });
    await addChild(suite.server.db, signup, {
      title: 'Welcome',
      slug: 'welcome',
      pageType: 'email_signup_landing_page',
      content: { body: [], confirmation: [{ type: 'rich_text', id: 'w', value: { html: '<p>Welcome aboard.</p>' } }] },
    });
    await addChild(suite.server.db, site.home, {
      title: 'Email Preferences',
      slug: 'email-preferences',
      pageType: 'content_page',
      content: { confirmation: [], body: [{ type: 'unsubscribe', id: 'u', value: { heading: 'Unsubscribe', intro: 'Stop our emails.' } }] },
    });
    await insertLocations(suite.server.db, [
      sampleLocation({ rlid, address1: '1 Lake Eola Dr', city: 'Orlando', state: 'FL', zip: '32801', latitude: ORLANDO.latitude + 0.001, longitude: ORLANDO.longitude }),
    ]);
  });

  const url = (path: string) => `http://${site.hostname}:${suite.server.port}${path}`;

  async function open(path: string, width = 1280): Promise<BrowserPage> {
    return suite.openPage(url(path), { width });
  }

  async function tickCaptcha(page: BrowserPage): Promise<void> {
    await page.click('#id_captcha');
  }

  const topicOptions = (page: BrowserPage) => page.$$eval('#id_topic option', (options) => options.map((option) => option.textContent));
  const shownFields = (page: BrowserPage) => page.$$eval('[data-field]', (fields) => fields.map((field) => field.getAttribute('data-field')));

  async function fillPerson(page: BrowserPage, overrides: Record<string, string> = {}): Promise<void> {
    const values: Record<string, string> = {
      first_name: 'Pat',
      last_name: 'Lee',
      email: 'pat.browser@example.com',
      phone: '407-555-0123',
      address_line1: '12 Ocean Ave',
      address_city: 'Orlando',
      address_zip: '32801',
      message: 'Lovely evening, thank you.',
      ...overrides,
    };
    for (const [name, value] of Object.entries(values)) if (value) await page.type(`#id_${name}`, value);
    await page.select('#id_address_state', 'FL');
  }

  it('narrows the topics to the chosen category', async () => {
    const page = await open('/contact-us/');
    expect(await page.$$eval('#id_topic optgroup', (groups) => groups.map((group) => group.label))).to.deep.equal([
      'My Rewards',
      'Praise',
      'Suggestion',
      'Question',
      'Issue or Concern?',
    ]);
    await page.select('#id_question_category', 'Praise');
    expect(await topicOptions(page)).to.deep.equal(['Select a topic', 'About Dining, To Go, Or Delivery', 'Other']);
    expect(await page.$$eval('#id_topic optgroup', (groups) => groups.map((group) => group.label))).to.deep.equal(['Praise']);
    await page.select('#id_question_category', 'Suggestion');
    expect(await topicOptions(page)).to.deep.equal(['Select a topic', 'New Location', 'Menu Idea', 'Other']);
    await page.select('#id_question_category', 'Issue or Concern?');
    expect(await topicOptions(page)).to.deep.equal(['Select a topic', 'About Dining In, To Go, Or Delivery', 'Other']);
    await page.close();
  });

  it('shows the visit fields for the dining topics and only the location for menu and allergen questions', async () => {
    const page = await open('/contact-us/', 375);
    const visitFields = async () => (await shownFields(page)).filter((name) => ['location_rlid', 'visit_date', 'visit_time', 'order_number'].includes(name!));
    expect(await visitFields()).to.deep.equal([]);
    await page.select('#id_question_category', 'Praise');
    await page.select('#id_topic', 'About Dining, To Go, Or Delivery');
    expect(await visitFields()).to.deep.equal(['location_rlid', 'visit_date', 'visit_time', 'order_number']);
    await page.select('#id_topic', 'Other');
    expect(await visitFields()).to.deep.equal([]);
    await page.select('#id_question_category', 'Question');
    await page.select('#id_topic', 'Allergen And Nutrition');
    expect(await visitFields()).to.deep.equal(['location_rlid']);
    await page.select('#id_topic', 'Menu Items/Events');
    expect(await visitFields()).to.deep.equal(['location_rlid']);
    await page.close();
  });

  it('picks the restaurant from a search in a modal, shows it with Change, and sends the message once on a double click', async () => {
    const page = await open('/contact-us/');
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/location/getlocations/')) searches.push(request.url());
    });
    await page.select('#id_question_category', 'Praise');
    await page.select('#id_topic', 'About Dining, To Go, Or Delivery');
    await page.type('.location-picker input[type="search"]', '32801');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.location-picker__dialog[open] .location-picker__result');
    expect(new URL(searches[0]!).searchParams.get('radius')).to.equal('200');
    expect(new URL(searches[0]!).searchParams.get('limit')).to.equal('6');
    const results = await page.$$eval('.location-picker__result', (items) => items.map((item) => item.textContent));
    expect(results.length).to.be.within(1, 6);
    const index = results.findIndex((text) => text.includes('1 Lake Eola Dr'));
    expect(index).to.be.at.least(0);
    const buttons = await page.$$('.location-picker__result button');
    await buttons[index]!.click();
    await page.waitForSelector('.location-picker__picked');
    expect(await page.$eval('.location-picker__dialog', (dialog) => (dialog as HTMLDialogElement).open)).to.equal(false);
    expect(await page.$eval('.location-picker__picked', (card) => card.textContent)).to.include('1 Lake Eola Dr');
    expect(await page.$eval('input[name="location_rlid"]', (input) => input.value)).to.equal(String(rlid));

    await page.click('.location-picker__change');
    expect(await page.$('.location-picker input[type="search"]')).to.not.equal(null);
    await page.type('.location-picker input[type="search"]', 'Orlando, FL');
    await page.click('.location-picker__search button');
    await page.waitForSelector('.location-picker__dialog[open] .location-picker__result');
    const again = await page.$$eval('.location-picker__result', (items) => items.map((item) => item.textContent));
    await (await page.$$('.location-picker__result button'))[again.findIndex((text) => text.includes('1 Lake Eola Dr'))]!.click();

    await page.type('#id_visit_date', '06012025');
    await page.type('#id_visit_time', '0630PM');
    await page.type('#id_order_number', 'A-77');
    const email = `double.${uniqueSuffix()}@example.com`;
    await fillPerson(page, { email });
    await tickCaptcha(page);

    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST') posts += 1;
    });
    const before = await suite.server.db.selectFrom('form_submissions').select('id').where('page_id', '=', contactPage.id).execute();
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.server-form__submit', { count: 2 })]);
    expect(posts).to.equal(1);
    expect(new URL(page.url()).pathname).to.equal('/contact-us/thanks/');
    expect(await page.content()).to.include('We received your message.');
    const after = await suite.server.db.selectFrom('form_submissions').selectAll().where('page_id', '=', contactPage.id).orderBy('id').execute();
    expect(after).to.have.length(before.length + 1);
    expect(after.at(-1)!.form_data).to.include({ email, location_rlid: rlid, visit_date: '2025-06-01', visit_time: '18:30', order_number: 'A-77' });
    await page.close();
  });

  it('shows server errors as "Error: …" beside their fields, keeps what was typed and scrolls to the form', async () => {
    const page = await open('/contact-us/', 375);
    await page.select('#id_question_category', 'Question');
    await page.select('#id_topic', 'Gift Cards');
    await fillPerson(page, { last_name: '', email: 'not-an-email' });
    await tickCaptcha(page);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.server-form__submit')]);
    await page.waitForSelector('html[data-hydrated="true"]');
    const errorOf = (name: string) => page.$eval(`[data-field="${name}"] [role="alert"]`, (alert) => alert.textContent);
    expect(await errorOf('last_name')).to.equal('Error: This field is required.');
    expect(await errorOf('email')).to.equal('Error: Enter a valid email address.');
    expect(await page.$$eval('[data-field="email"] [role="alert"]', (alerts) => alerts.length)).to.equal(1);
    expect(await page.$eval('#id_first_name', (input) => (input as HTMLInputElement).value)).to.equal('Pat');
    expect(await page.$eval('#id_email', (input) => (input as HTMLInputElement).value)).to.equal('not-an-email');
    expect(await page.$eval('#id_topic', (select) => (select as HTMLSelectElement).value)).to.equal('Gift Cards');
    expect(await page.evaluate(() => window.scrollY)).to.be.greaterThan(0);
    expect(await page.$eval('.server-form__submit', (button) => (button as HTMLButtonElement).disabled)).to.equal(false);
    await page.close();
  });

  it('adds special occasions up to the schema maximum, hiding Add at the limit, and signs up with them once the mailed link is followed', async () => {
    const page = await open('/sign-up/', 375);
    expect(await page.$$eval('.form-field__required', (marks) => marks.length)).to.be.greaterThan(3);
    for (let count = 1; count <= 3; count++) {
      await page.click('.form-set__add');
      expect(await page.$$eval('.occasion', (forms) => forms.length)).to.equal(count);
    }
    expect(await page.$('.form-set__add')).to.equal(null);
    expect(await page.$eval('input[name="occasions-TOTAL_FORMS"]', (input) => input.value)).to.equal('3');
    await page.click('.occasion .occasion__remove');
    expect(await page.$('.form-set__add')).to.not.equal(null);
    expect(await page.$$eval('.occasion select', (selects) => selects.map((select) => select.getAttribute('name')))).to.deep.equal([
      'occasions-0-occasion',
      'occasions-0-relationship',
      'occasions-0-month',
      'occasions-0-day',
      'occasions-1-occasion',
      'occasions-1-relationship',
      'occasions-1-month',
      'occasions-1-day',
    ]);
    await page.click('.occasion:last-of-type .occasion__remove');

    const email = `occasions.${uniqueSuffix()}@example.com`;
    await page.type('#id_first_name', 'Robin');
    await page.type('#id_last_name', 'Shore');
    await page.type('#id_email', email);
    await page.type('#id_postcode', '32801');
    await page.select('#id_occasions-0-occasion', 'Anniversary');
    await page.select('#id_occasions-0-relationship', 'Spouse / Partner');
    await page.select('#id_occasions-0-month', '6');
    await page.select('#id_occasions-0-day', '14');
    await page.click('#id_terms');
    await tickCaptcha(page);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.server-form__submit')]);
    expect(new URL(page.url()).pathname).to.equal('/sign-up/welcome/');
    expect(await page.$eval('.template-signup .form-confirmation', (element) => element.textContent)).to.include('Check your inbox to confirm');
    expect(await getSubscriberByEmail(suite.server.db, email), 'not subscribed before confirming').to.equal(undefined);

    const mail = await suite.server.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
    // The link names the site as configured (port 80 here), so the test server's port is put in.
    const link = new URL(/https?:\/\/\S+\/_util\/email-signup\/confirm\/\S+\//.exec(mail.text_body)![0]);
    expect(link.hostname).to.equal(site.hostname);
    await page.goto(url(link.pathname), { waitUntil: 'networkidle0' });
    expect(await page.$eval('h1', (element) => element.textContent)).to.equal('Your subscription is confirmed');
    const subscriber = (await getSubscriberByEmail(suite.server.db, email))!;
    expect(subscriber).to.include({ first_name: 'Robin', subscribed: true });
    expect((await occasionsOf(suite.server.db, subscriber.id)).map((occasion) => occasion.occasion)).to.deep.equal(['Anniversary']);
    await page.close();
  });

  it('unsubscribes with the email from utm_unsub and the BroadLogId from blid, then confirms', async () => {
    const page = await open('/email-preferences/?utm_unsub=a@b.com&blid=123', 375);
    const input = await page.$eval('.unsubscribe__form input[name="Email"]', (element) => ({ type: element.type, value: element.value }));
    expect(input).to.deep.equal({ type: 'email', value: 'a@b.com' });
    await page.click('.unsubscribe__form button[type="submit"]');
    await page.waitForSelector('.unsubscribe__confirmation');
    expect(await page.$eval('.unsubscribe__confirmation', (element) => element.textContent)).to.include('up to 5 days');
    // a@b.com is shared by every run against one database: unknown it is suppressed, known it is unsubscribed.
    const event = await suite.server.db
      .selectFrom('subscription_events')
      .select(['kind', 'broad_log_id'])
      .where('email', '=', 'a@b.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.broad_log_id).to.equal('123');
    expect(event.kind).to.be.oneOf(['suppress', 'unsubscribe']);
    const subscriber = await getSubscriberByEmail(suite.server.db, 'a@b.com');
    expect(subscriber === undefined || subscriber.subscribed === false).to.equal(true);
    await page.close();
  });
});
