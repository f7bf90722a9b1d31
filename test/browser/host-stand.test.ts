import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import type { User } from '../../server/db/schema';
import { insertLocations } from '../../server/models/locations';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { createAdminUser } from '../support/admin';
import { apiSession } from '../support/api-session';
import { signInToAdmin, useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';
import { testLocation, uniqueRlidBase } from '../support/locations';

describe('host stand in the browser', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();
  let site: TestSite;
  let siteUrl: string;
  let host: User;
  const location = testLocation(uniqueRlidBase(), { city: 'Host Harbor', waitListReady: true, waitListMaxPartySize: 8 });

  before(async function () {
    site = await createTestSite(suite.server.db);
    siteUrl = `http://${site.hostname}:${suite.server.port}`;
    await insertLocations(suite.server.db, [location]);
    await saveWaitlistSettings(suite.server.db, { rlid: location.rlid, waitListOpen: true, maxPartySize: 8, turnTimeMinutes: 45, tables: 9 });
    host = await createAdminUser(suite.server.db);
    const { group_id } = await suite.server.db.selectFrom('user_groups').select('group_id').where('user_id', '=', host.id).executeTakeFirstOrThrow();
    await suite.server.db.insertInto('group_location_permissions').values({ group_id, rlid: location.rlid, permission: 'host' }).execute();
  });

  async function joinAsGuest(firstName: string): Promise<string> {
    const { send } = await apiSession(suite.server, `${site.hostname}:${suite.server.port}`);
    const joined = await send('/api/waitlist/', { json: { rlid: location.rlid, partySize: 3, firstName, lastName: 'Shore', phone: '(207) 555-0161' } });
    expect(joined.status).to.equal(201);
    return joined.json<{ plan_ahead_id: string }>().plan_ahead_id;
  }

  const standPath = `/wagtail/waitlist/${location.rlid}/`;

  /** The host stand, signed in as its host in a browser of their own. */
  async function signedInStaff(): Promise<BrowserPage> {
    return signInToAdmin(await suite.newContext(), siteUrl, host, standPath, { problems: suite.problems });
  }

  it("seats a guest from the host stand, and the guest's status page follows; the queue refreshes by itself", async () => {
    const planAheadId = await joinAsGuest('Marina');
    const guest = await suite.newPage({ context: await suite.newContext() });
    await guest.goto(`${siteUrl}/waitlist/${planAheadId}/`, { waitUntil: 'networkidle0' });
    expect(await guest.$eval('.waitlist-status__headline', (line) => line.textContent)).to.equal('You are on the wait list.');

    const staff = await signedInStaff();
    expect(await staff.$$eval('.host-table tbody tr', (rows) => rows.map((row) => row.querySelector('.admin-table__title')?.textContent))).to.deep.equal(['Marina Shore']);

    // A second guest joins while the stand is open: the queue shows them without a reload.
    await joinAsGuest('Tomas');
    await staff.waitForFunction(() => document.querySelectorAll('.host-table tbody tr').length === 2, { timeout: 40_000 });

    await Promise.all([staff.waitForNavigation(), staff.click('button[aria-label="Seat: Marina Shore"]')]);
    expect(await staff.$eval('.admin-messages', (list) => list.textContent)).to.include('Marina Shore has been seated.');
    expect(await staff.$$eval('.host-table tbody tr .admin-table__title', (names) => names.map((name) => name.textContent))).to.deep.equal(['Tomas Shore']);

    await guest.waitForFunction(() => document.querySelector('.waitlist-status__headline')?.textContent === 'You have been seated. Enjoy your meal!', { timeout: 40_000 });
  });

  it('moves focus to the error summary of a refused walk-in, in view on a phone, naming fields by their labels', async () => {
    const staff = await signedInStaff();
    await staff.setViewport({ width: 375, height: 740 });
    await staff.type('#id_firstName', 'Wade');
    await staff.type('#id_phone', 'x');
    await Promise.all([staff.waitForNavigation(), staff.click('form[action$="/walk-in/"] button[type="submit"]')]);
    // The summary takes focus once the admin script has run.
    await staff.waitForFunction(() => document.activeElement?.classList.contains('admin-form-errors'));
    const summary = await staff.$eval('.admin-form-errors', (box) => {
      const { top, bottom } = box.getBoundingClientRect();
      return { text: box.textContent ?? '', inView: top >= 0 && bottom <= window.innerHeight };
    });
    expect(summary.inView).to.equal(true);
    expect(summary.text).to.include('Last name is required.').and.include('Phone must be a phone number, e.g. (555) 555-0100.');
    expect(await staff.$eval('#id_firstName', (input) => (input as HTMLInputElement).value)).to.equal('Wade');
    // The browser logs the refusal's 400.
    suite.allowProblems(/status of 400/);
  });
});
