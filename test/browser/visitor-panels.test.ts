import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import type { Location } from '../../client/lib/location-schemas';
import { LOCATION_STORAGE_KEY } from '../../client/lib/preferred-location-store';
import { localClock } from '../../server/models/location-clock';
import { insertLocations } from '../../server/models/locations';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { createAdminUser } from '../support/admin';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';
import { testLocation, uniqueRlidBase } from '../support/locations';

const TRIGGER = '.location-popover__trigger';

describe('wait-list and reservation panels in the browser', function () {
  this.timeout(120_000);
  // A context of its own per test: its own localStorage and cookies.
  const suite = useBrowserSuite({ contextPerTest: true });
  let site: TestSite;
  let siteUrl: string;
  const base = uniqueRlidBase();
  // Far from other tests' restaurants (South Georgia; the Kerguelen plateau is the location popover's).
  const waitList = testLocation(base, { latitude: -54.28, longitude: -36.51, address1: '12 Wharf St', city: 'Port Lobster', waitListReady: true, waitListMaxPartySize: 6 });
  const reservations = testLocation(base + 1, { latitude: -54.3, longitude: -36.45, address1: '40 Quay Rd', city: 'Port Lobster', isReservationsEnabled: true });
  // The zone comes from the coordinates: Seattle keeps Pacific time.
  const seattle = testLocation(base + 2, { latitude: 47.6062, longitude: -122.3321, address1: '1 Pier 55', city: 'Seattle', state: 'WA', zip: '98101', isReservationsEnabled: true });

  before(async function () {
    site = await createTestSite(suite.server.db);
    siteUrl = `http://${site.hostname}:${suite.server.port}`;
    await insertLocations(suite.server.db, [waitList, reservations, seattle]);
    await saveWaitlistSettings(suite.server.db, { rlid: waitList.rlid, waitListOpen: true, maxPartySize: 6, turnTimeMinutes: 40, tables: 8 });
  });

  /** The home page with `location` saved as the visitor's restaurant and its card open. */
  async function preferredCard(location: Location): Promise<BrowserPage> {
    const page = await suite.openPage(`${siteUrl}/`);
    await page.evaluate((key, value) => localStorage.setItem(key, value), LOCATION_STORAGE_KEY, JSON.stringify(location));
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.click(TRIGGER);
    await page.waitForSelector('.preferred-location__panel-button', { visible: true });
    return page;
  }

  /** Sets the reservation panel's date input as a visitor's date picker does. */
  const pickDate = (page: BrowserPage, date: string) =>
    page.$eval(
      '#reservation-date',
      (input, value) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setValue.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      date,
    );

  const fill = async (page: BrowserPage, prefix: string, values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) await page.type(`#${prefix}-${name}`, value);
  };

  it('joins the wait list from the popover, shows the place in line, and follows the status page as the host seats the party from the host stand', async () => {
    const page = await preferredCard(waitList);
    await page.click('.preferred-location__panel-button');
    await page.waitForSelector('dialog.visitor-panel[open]');
    expect(await page.$eval('#visitor-panel-title', (title) => title.textContent)).to.equal('Join the wait list');
    // Focus moved into the dialog.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).to.equal(true);
    await page.waitForFunction(() => document.querySelector('.visitor-panel__estimate')?.textContent?.startsWith('Current wait: '));
    await page.select('#waitlist-party-size', '3');
    await fill(page, 'waitlist', { firstName: 'Marina', lastName: 'Shore', phone: '(207) 555-0161' });
    // A double click sends one request (the button is disabled while sending, and the key is the same).
    await page.click('.visitor-panel__form button[type="submit"]', { count: 2 });
    await page.waitForSelector('.visitor-panel__done');
    expect(await page.$eval('.visitor-panel__big', (line) => line.textContent)).to.equal('You are #1 in line');
    const rows = await suite.server.db.selectFrom('waitlist_entries').select(['plan_ahead_id', 'party_size', 'first_name']).where('rlid', '=', waitList.rlid).execute();
    expect(rows.map(({ party_size, first_name }) => [party_size, first_name])).to.deep.equal([[3, 'Marina']]);

    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.visitor-panel__done a')]);
    expect(new URL(page.url()).pathname).to.equal(`/waitlist/${rows[0]!.plan_ahead_id}/`);
    expect(await page.$eval('.waitlist-status__headline', (line) => line.textContent)).to.equal('You are on the wait list.');
    expect(await page.$$eval('.waitlist-status__facts dd', (values) => values.map((value) => value.textContent))).to.deep.equal(['1', '5 min', '3']);

    // The host seats the party from the host stand, in a browser of their own.
    const host = await createAdminUser(suite.server.db);
    const { group_id } = await suite.server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', host.id).executeTakeFirstOrThrow();
    await suite.server.db.insertInto('group_location_permissions').values({ group_id, rlid: waitList.rlid, permission: 'host' }).execute();
    const staff = await signInToAdmin(await suite.newContext(), siteUrl, host, `/wagtail/waitlist/${waitList.rlid}/`, { problems: suite.problems });
    await Promise.all([staff.waitForNavigation(), staff.click('button[aria-label="Seat: Marina Shore"]')]);
    expect(await staff.$eval('.admin-messages', (list) => list.textContent)).to.include('Marina Shore has been seated.');
    // The guest's page asks for news by itself.
    await page.waitForFunction(() => document.querySelector('.waitlist-status__headline')?.textContent === 'You have been seated. Enjoy your meal!', { timeout: 40_000 });
    expect(await page.$('.template-waitlist-status button')).to.equal(null);
  });

  it('lets a guest leave the wait list from the status page', async () => {
    const page = await preferredCard(waitList);
    await page.click('.preferred-location__panel-button');
    await page.waitForSelector('#waitlist-firstName');
    await fill(page, 'waitlist', { firstName: 'Leo', lastName: 'Tide', phone: '207-555-0177' });
    await page.click('.visitor-panel__form button[type="submit"]');
    await page.waitForSelector('.visitor-panel__done a');
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('.visitor-panel__done a')]);
    await page.click('.template-waitlist-status button');
    await page.waitForFunction(() => document.querySelector('.waitlist-status__headline')?.textContent === 'You left the wait list.');
    const row = await suite.server.db.selectFrom('waitlist_entries').select('status').where('rlid', '=', waitList.rlid).where('first_name', '=', 'Leo').executeTakeFirstOrThrow();
    expect(row.status).to.equal('cancelled');
  });

  it('reserves a table for tomorrow, shows the code, and cancels it; Escape closes the panel and focus returns', async () => {
    const page = await preferredCard(reservations);
    await page.click('.preferred-location__panel-button');
    await page.waitForSelector('dialog.visitor-panel[open]');
    expect(await page.$eval('#visitor-panel-title', (title) => title.textContent)).to.equal('Reserve a Table');
    const tomorrow = localClock(new Date(Date.now() + 86_400_000), reservations.timeZone).date;
    await page.waitForSelector('#reservation-date');
    await pickDate(page, tomorrow);
    await page.select('#reservation-party-size', '4');
    await page.waitForSelector('.visitor-panel__time input[value="19:00"]');
    await page.click('.visitor-panel__time:has(input[value="19:00"])');
    await fill(page, 'reservation', { firstName: 'Ada', lastName: 'Pierce', phone: '(207) 555-0190', email: 'ada@example.com' });
    await page.click('.visitor-panel__form button[type="submit"]');
    await page.waitForSelector('.visitor-panel__code');
    const code = await page.$eval('.visitor-panel__code', (element) => element.textContent);
    const stored = await suite.server.db.selectFrom('reservations').select(['party_size', 'status', 'reserved_for']).where('confirmation_code', '=', code).executeTakeFirstOrThrow();
    expect(stored.party_size).to.equal(4);
    expect(stored.status).to.equal('requested');
    expect(localClock(stored.reserved_for, reservations.timeZone)).to.include({ date: tomorrow, minutes: 19 * 60 });

    await page.click('.visitor-panel__done button');
    await page.waitForFunction(() => document.querySelector('.visitor-panel__big')?.textContent === 'Your reservation is cancelled.');
    expect((await suite.server.db.selectFrom('reservations').select('status').where('confirmation_code', '=', code).executeTakeFirstOrThrow()).status).to.equal('cancelled');

    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog.visitor-panel', { hidden: true });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('preferred-location__panel-button'))).to.equal(true);
  });

  it('shows a Seattle table booked at 7:00 PM as 7:00 PM Pacific Time in a New York browser', async () => {
    const page = await preferredCard(seattle);
    await page.emulateTimezone('America/New_York');
    await page.click('.preferred-location__panel-button');
    await page.waitForSelector('#reservation-date');
    // The date picker starts on today in Seattle (by the browser's clock, which test:hours moves with the server's), and the times say whose clock they are on.
    const seattleToday = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date()));
    expect(await page.$eval('#reservation-date', (input) => (input as HTMLInputElement).min)).to.equal(seattleToday);
    const tomorrow = localClock(new Date(Date.now() + 86_400_000), 'America/Los_Angeles').date;
    await pickDate(page, tomorrow);
    await page.waitForSelector('.visitor-panel__time input[value="19:00"]');
    expect(await page.$eval('.visitor-panel__zone', (note) => note.textContent)).to.equal('Times are Pacific Time.');
    await page.click('.visitor-panel__time:has(input[value="19:00"])');
    await fill(page, 'reservation', { firstName: 'Rain', lastName: 'Sound', phone: '(206) 555-0190' });
    await page.click('.visitor-panel__form button[type="submit"]');
    await page.waitForSelector('.visitor-panel__code');
    const summary = await page.$eval('.visitor-panel__summary', (line) => line.textContent);
    expect(summary).to.match(/^Party of 2, .*7:00\sPM Pacific Time$/);
    expect(summary).to.not.include('10:00');
  });
});
