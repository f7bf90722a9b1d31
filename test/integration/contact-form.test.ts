import { expect } from 'chai';
import { CONTACT_CATEGORIES } from '../../client/lib/contact-topics';
import type { SerializedForm } from '../../client/lib/server-forms';
import type { Page } from '../../server/db/schema';
import { LOCATION_REQUIRED_MESSAGE, ORDER_NUMBER_MESSAGE, TOPIC_MISMATCH_MESSAGE, VISIT_DATE_MESSAGE, VISIT_TIME_MESSAGE } from '../../server/forms/contact-form';
import { INVALID_PHONE_MESSAGE, INVALID_POSTCODE_MESSAGE } from '../../server/forms/field-rules';
import { INVALID_EMAIL_MESSAGE, REQUIRED_MESSAGE, invalidChoiceMessage, tooLongMessage } from '../../server/forms/messages';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { createTestSite, uniqueSuffix, type TestSite } from '../support/fixtures';
import { passedCaptcha, visitFormPage } from '../support/forms';
import { preloadedOf, withoutPreloaded } from '../support/preloaded';
import { sampleLocation } from '../support/locations';
import { request, startTestServer, type TestServer } from '../support/server';

const richText = (id: string, html: string) => ({ type: 'rich_text', id, value: { html } });

describe('contact us form', () => {
  let server: TestServer;
  let site: TestSite;
  let contactPage: Page;
  const rlid = 700_000_000 + Math.floor(Math.random() * 100_000_000);

  before(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
    site = await createTestSite(server.db);
    contactPage = await addChild(server.db, site.home, {
      title: 'Contact Us',
      slug: 'contact-us',
      pageType: 'contact_us_page',
      content: { body: [], form_intro: 'We answer within two days.', to_address: 'guests@harbor.example' },
    });
    await addChild(server.db, contactPage, {
      title: 'Thanks',
      slug: 'thanks',
      pageType: 'contact_us_landing_page',
      content: { body: [], confirmation: [richText('c', '<p>We received your message.</p>')] },
    });
    await insertLocations(server.db, [sampleLocation({ rlid, address1: '1 Quay Lane', city: 'Portside', state: 'ME', zip: '04101' })]);
  });
  after(() => server.close());

  const person = (overrides: Record<string, string> = {}) => ({
    first_name: 'Pat',
    last_name: 'Lee',
    email: '  Pat.Lee@Example.COM ',
    phone: '(407) 555-0123',
    address_line1: '12 Ocean Ave',
    address_city: 'Orlando',
    address_state: 'FL',
    address_zip: '32801',
    message: 'The shrimp was great.',
    ...overrides,
  });

  const submissions = (pageId = contactPage.id) => server.db.selectFrom('form_submissions').selectAll().where('page_id', '=', pageId).orderBy('id').execute();
  const outboxTo = (to: string) => server.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).orderBy('id').execute();
  const formOf = (html: string) => preloadedOf(html).props.form as SerializedForm;

  async function send(fields: Record<string, string>, path = '/contact-us/') {
    const visitor = await visitFormPage(server, site.hostname, path);
    return visitor.post({ ...fields, ...passedCaptcha(server.config.SECRET_KEY) });
  }

  it("draws every contact field, the categories of SPEC §9 and each category's topics as a group", async () => {
    const page = await request(server, '/contact-us/', { host: site.hostname });
    const form = formOf(page.body);
    expect(form.fields.map((field) => field.name)).to.deep.equal([
      'question_category',
      'topic',
      'location_rlid',
      'visit_date',
      'visit_time',
      'order_number',
      'first_name',
      'last_name',
      'email',
      'phone',
      'address_line1',
      'address_city',
      'address_state',
      'address_zip',
      'message',
      'captcha',
    ]);
    const category = form.fields[0]!;
    expect(category.widget.tag).to.equal('select');
    expect(category.widget.optgroups[1]![1].map((option) => option.value)).to.deep.equal(['My Rewards', 'Praise', 'Suggestion', 'Question', 'Issue or Concern?']);
    const topicGroups = form.fields[1]!.widget.optgroups.slice(1).map(([label, options]) => [label, options.map((option) => option.label)]);
    expect(topicGroups).to.deep.equal(CONTACT_CATEGORIES.map(({ category: name, topics }) => [name, [...topics]]));
    expect(topicGroups[1]).to.deep.equal(['Praise', ['About Dining, To Go, Or Delivery', 'Other']]);
    expect(topicGroups[4]).to.deep.equal(['Issue or Concern?', ['About Dining In, To Go, Or Delivery', 'Other']]);
    expect(form.fields.find((field) => field.name === 'captcha')!.widget.attrs.type).to.equal('checkbox');
    expect(page.body).to.include('All fields are required.');
  });

  it('stores a question with its page and time, queues the notification, and redirects to the landing page', async () => {
    const before = Date.now();
    const response = await send({ question_category: 'Question', topic: 'Donations', ...person({ message: 'Do you sponsor <b>school</b> events?' }) });
    expect(response.status).to.equal(303);
    expect(response.headers.location).to.equal('/contact-us/thanks/');

    const rows = await submissions();
    const row = rows.at(-1)!;
    expect(row.form_data).to.deep.equal({
      question_category: 'Question',
      topic: 'Donations',
      first_name: 'Pat',
      last_name: 'Lee',
      email: 'pat.lee@example.com',
      phone: '(407) 555-0123',
      address_line1: '12 Ocean Ave',
      address_city: 'Orlando',
      address_state: 'FL',
      address_zip: '32801',
      message: 'Do you sponsor <b>school</b> events?',
    });
    expect(row.submit_time.getTime()).to.be.at.least(before - 1000);
    expect(row.ip_hash).to.match(/^[0-9a-f]{32}$/);
    const mail = (await outboxTo('guests@harbor.example')).at(-1)!;
    expect(mail.subject).to.include('Question - Donations');
    expect(mail.text_body).to.include('Email Address: pat.lee@example.com');
    expect(mail.text_body).to.include('Do you sponsor <b>school</b> events?');
    expect(mail.status).to.equal('queued');

    const landing = await request(server, '/contact-us/thanks/', { host: site.hostname });
    expect(landing.body).to.include('<p>We received your message.</p>');
  });

  it('asks for the visit location, date, time and order number for the dining topics and stores them', async () => {
    for (const [category, topic] of [
      ['Praise', 'About Dining, To Go, Or Delivery'],
      ['Issue or Concern?', 'About Dining In, To Go, Or Delivery'],
    ] as const) {
      const missing = await send({ question_category: category, topic, ...person() });
      expect(missing.status, topic).to.equal(200);
      const errors = formOf(missing.body).errors;
      expect(errors.location_rlid).to.deep.equal([LOCATION_REQUIRED_MESSAGE]);
      expect(errors.visit_date).to.deep.equal([REQUIRED_MESSAGE]);
      expect(errors.visit_time).to.deep.equal([REQUIRED_MESSAGE]);
      expect(errors.order_number).to.deep.equal([REQUIRED_MESSAGE]);
    }
    const count = (await submissions()).length;
    const response = await send({
      question_category: 'Praise',
      topic: 'About Dining, To Go, Or Delivery',
      location_rlid: String(rlid),
      visit_date: '2025-06-01',
      visit_time: '18:30',
      order_number: 'A-1234',
      ...person(),
    });
    expect(response.status).to.equal(303);
    const rows = await submissions();
    expect(rows).to.have.length(count + 1);
    expect(rows.at(-1)!.form_data).to.include({ location_rlid: rlid, visit_date: '2025-06-01', visit_time: '18:30', order_number: 'A-1234' });
  });

  it('asks only for the location for the menu and allergen questions, and keeps no hidden field', async () => {
    const withoutLocation = await send({ question_category: 'Question', topic: 'Allergen And Nutrition', ...person() });
    expect(withoutLocation.status).to.equal(200);
    expect(Object.keys(formOf(withoutLocation.body).errors)).to.deep.equal(['location_rlid']);

    const response = await send({
      question_category: 'Question',
      topic: 'Menu Items/Events',
      location_rlid: String(rlid),
      visit_date: 'not a date',
      visit_time: '99:99',
      order_number: '<script>',
      ...person(),
    });
    expect(response.status).to.equal(303);
    const stored = (await submissions()).at(-1)!.form_data;
    expect(stored).to.include({ topic: 'Menu Items/Events', location_rlid: rlid });
    expect(stored).to.not.have.any.keys('visit_date', 'visit_time', 'order_number');

    const general = await send({ question_category: 'Suggestion', topic: 'Menu Idea', location_rlid: 'x', visit_date: 'soon', ...person() });
    expect(general.status).to.equal(303);
    expect((await submissions()).at(-1)!.form_data).to.not.have.any.keys('location_rlid', 'visit_date');
  });

  it('refuses a topic of another category and values outside the choices, storing nothing', async () => {
    const count = (await submissions()).length;
    const mismatch = await send({ question_category: 'Praise', topic: 'Donations', ...person() });
    expect(mismatch.status).to.equal(200);
    expect(formOf(mismatch.body).errors).to.deep.equal({ topic: [TOPIC_MISMATCH_MESSAGE] });

    const unknown = await send({ question_category: 'Complaint', topic: 'Other', ...person({ address_state: 'ZZ' }) });
    expect(formOf(unknown.body).errors).to.deep.include({ question_category: [invalidChoiceMessage('Complaint')], address_state: [invalidChoiceMessage('ZZ')] });
    expect(await submissions()).to.have.length(count);
  });

  it('answers a refused message with 200 and the form: every field shown checked with a specific message, what was typed kept', async () => {
    const response = await send({
      question_category: 'Praise',
      topic: 'About Dining, To Go, Or Delivery',
      location_rlid: '999999999',
      visit_date: '2999-01-01',
      visit_time: '7pm',
      order_number: 'A 12',
      ...person({
        first_name: 'P'.repeat(51),
        last_name: '',
        email: 'pat@',
        phone: '555-01',
        address_zip: '3280',
        message: 'm'.repeat(2001),
      }),
    });
    expect(response.status).to.equal(200);
    const form = formOf(response.body);
    expect(form.errors).to.deep.equal({
      visit_date: [VISIT_DATE_MESSAGE],
      visit_time: [VISIT_TIME_MESSAGE],
      order_number: [ORDER_NUMBER_MESSAGE],
      first_name: [tooLongMessage(50, 51)],
      last_name: [REQUIRED_MESSAGE],
      email: [INVALID_EMAIL_MESSAGE],
      phone: [INVALID_PHONE_MESSAGE],
      address_zip: [INVALID_POSTCODE_MESSAGE],
      message: [tooLongMessage(2000, 2001)],
    });
    const value = (name: string) => form.fields.find((field) => field.name === name)!.widget.value;
    expect(value('first_name')).to.equal('P'.repeat(51));
    expect(value('email')).to.equal('pat@');
    expect(value('address_city')).to.equal('Orlando');
    expect(response.body).to.include('Error: ');

    const unknownRestaurant = await send({
      question_category: 'Praise',
      topic: 'About Dining, To Go, Or Delivery',
      location_rlid: '999999999',
      visit_date: '2025-01-01',
      visit_time: '19:00',
      order_number: 'A12',
      ...person(),
    });
    expect(formOf(unknownRestaurant.body).errors).to.deep.equal({ location_rlid: [LOCATION_REQUIRED_MESSAGE] });
  });

  it('shows markup a visitor typed as text, never as HTML', async () => {
    const response = await send({ question_category: 'Praise', topic: 'Other', ...person({ last_name: '', message: '<img src=x onerror="steal()"><script>alert(1)</script>' }) });
    expect(response.status).to.equal(200);
    const html = withoutPreloaded(response.body);
    expect(html).to.include('&lt;img src=x onerror=&quot;steal()&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).to.not.include('<img src=x');
  });

  it('shows the visit location picked before an error again', async () => {
    const response = await send({ question_category: 'Praise', topic: 'About Dining, To Go, Or Delivery', location_rlid: String(rlid), ...person() });
    expect(preloadedOf(response.body).props.location).to.deep.equal({ rlid, address1: '1 Quay Lane', city: 'Portside', state: 'ME', zip: '04101' });
  });

  it('without a landing page, thanks the visitor on the page itself; without an address, stores without mail', async () => {
    const slug = `contact-${uniqueSuffix()}`;
    const page = await addChild(server.db, site.home, { title: 'Write to Us', slug, pageType: 'contact_us_page', content: { body: [] } });
    const response = await send({ question_category: 'My Rewards', topic: 'Other', ...person() }, `/${slug}/`);
    expect(response.status).to.equal(303);
    expect(response.headers.location).to.equal(`/${slug}/?submitted=1`);
    expect(await submissions(page.id)).to.have.length(1);
    const thanks = await request(server, `/${slug}/?submitted=1`, { host: site.hostname });
    expect(thanks.body).to.include('Thank you for your message.');
    expect(preloadedOf(thanks.body).props.form).to.equal(null);
  });
});
