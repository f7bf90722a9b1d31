import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page as BrowserPage } from 'puppeteer-core';
import { z } from 'zod';
import type { PreloadedData } from '../../client/lib/page-data';
import type { TemplateName } from '../../client/templates/index';
import { insertLocations } from '../../server/models/locations';
import { addChild } from '../../server/models/pages';
import { addViewRestriction } from '../../server/models/view-restrictions';
import { saveWaitlistSettings } from '../../server/models/waitlist/location-waitlist';
import { apiSession } from '../support/api-session';
import { followLink, useBrowserSuite } from '../support/browser';
import { addFooterPage, createTestSite, sampleFooter, uniqueSuffix, type TestSite } from '../support/fixtures';
import { passedCaptcha, visitFormPage } from '../support/forms';
import { testLocation, uniqueRlidBase } from '../support/locations';
import { request } from '../support/server';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const VNU_JAR = z.string().parse(require('vnu-jar'));

/** One axe-core finding, as much of it as says what and where. */
interface AxeFinding {
  id: string;
  nodes: string[];
}

/** What axe-core finds on the page as it is now; `disabled` rules are not run. */
async function axeFindings(page: BrowserPage, disabled: readonly string[] = []): Promise<AxeFinding[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }> } }).axe;
    const result = await axe.run(document, { rules: Object.fromEntries(rules.map((rule) => [rule, { enabled: false }])) });
    return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html.slice(0, 160)) }));
  }, disabled);
}

/** The Nu Html Checker's errors and warnings (not its notes) on each document, by file name. */
async function nuCheckerFindings(documents: Readonly<Record<string, string>>): Promise<string[]> {
  const folder = mkdtempSync(path.join(tmpdir(), 'rh-vnu-'));
  try {
    const files = Object.entries(documents).map(([name, html]) => {
      const file = path.join(folder, `${name}.html`);
      writeFileSync(file, html);
      return file;
    });
    // vnu exits 1 when it reports anything; the report is on stderr either way.
    const { stderr } = await promisify(execFile)('java', ['-jar', VNU_JAR, '--format', 'json', ...files]).catch((error: { stderr: string }) => error);
    const report = JSON.parse(stderr) as { messages: { type: string; url?: string; message: string; extract?: string }[] };
    return report.messages
      .filter((message) => message.type !== 'info')
      .map((message) => `${path.basename(message.url ?? '')}: ${message.type}: ${message.message} ${message.extract ?? ''}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('page templates in the browser', function () {
  this.timeout(120_000);
  // Console warnings count (React reports hydration mismatches there), and so do failed requests.
  const suite = useBrowserSuite({ problems: { warnings: true, failedRequests: true } });
  let site: TestSite;
  const suffix = uniqueSuffix();
  const rlid = uniqueRlidBase();

  before(async function () {
    site = await createTestSite(suite.server.db);
    const section = await addChild(suite.server.db, site.home, {
      title: 'Press Room',
      slug: 'press',
      pageType: 'press_section_page',
      content: { contact_info: '<p>press@redharbor.example</p>' },
    });
    const list = await addChild(suite.server.db, section, { title: 'Press Releases', slug: 'press-releases', pageType: 'press_release_list_page', content: {} });
    for (let day = 1; day <= 25; day++) {
      await addChild(suite.server.db, list, {
        title: `Lobsterfest Day ${day}`,
        slug: `day-${day}`,
        pageType: 'press_release_page',
        content: { date: `2025-03-${String(day).padStart(2, '0')}`, body: `<p>News from day ${day}.</p>` },
      });
    }
    await addChild(suite.server.db, site.home, {
      title: 'Lobster Lovers Club',
      slug: 'lobster-lovers-club',
      pageType: 'utility_page',
      content: {
        background_style: 'lobster',
        body: [
          { type: 'rich_text', id: 'r1', value: { html: '<p>Join the club.</p>' } },
          // An editor's 'Heading 3' straight under the title, as the demo's utility pages have.
          { type: 'heading', id: 'h1', value: { text: 'Members get', level: 'h3' } },
          { type: 'rich_text', id: 'r2', value: { html: '<ul><li>A birthday treat</li></ul>' } },
        ],
      },
    });
    await addTemplatePages();
  });

  /** One page of each remaining template, with the content editors give them. */
  async function addTemplatePages(): Promise<void> {
    const richText = (html: string) => ({ type: 'rich_text', id: `r-${uniqueSuffix()}`, value: { html } });
    await addChild(suite.server.db, site.home, {
      title: 'Our Story',
      slug: 'our-story',
      pageType: 'content_page',
      content: { body: [richText('<p>Since 1978.</p>')], confirmation: [] },
    });
    const contact = await addChild(suite.server.db, site.home, {
      title: 'Contact Us',
      slug: 'contact-us',
      pageType: 'contact_us_page',
      content: { body: [], form_intro: 'We answer within two days.' },
    });
    await addChild(suite.server.db, contact, {
      title: 'Thanks',
      slug: 'thanks',
      pageType: 'contact_us_landing_page',
      content: { body: [], confirmation: [richText('<p>Thank you.</p>')] },
    });
    const signup = await addChild(suite.server.db, site.home, {
      title: 'Email Signup',
      slug: 'email-signup',
      pageType: 'email_signup_page',
      content: {
        body: [],
        pre_form_content: [{ type: 'heading', id: 'h2', value: { text: 'Join our email list', level: 'h3' } }, richText('<p>Offers from your Red Harbor.</p>')],
        legal_text: '<p>Legal words.</p>',
        faq_url: '/faq/',
        unsubscribe_url: '/unsubscribe/',
      },
    });
    await addChild(suite.server.db, signup, {
      title: 'Welcome',
      slug: 'welcome',
      pageType: 'email_signup_landing_page',
      content: { body: [], confirmation: [richText('<p>Welcome aboard.</p>')] },
    });
    await addChild(suite.server.db, site.home, { title: 'Find a Red Harbor', slug: 'locations-map', pageType: 'locations_map_page', content: {} });
    const restaurants = await addChild(suite.server.db, site.home, {
      title: 'Seafood Restaurants',
      slug: 'seafood-restaurants',
      pageType: 'content_page',
      content: { body: [], confirmation: [] },
    });
    await addChild(suite.server.db, restaurants, { title: 'United States', slug: 'locations', pageType: 'locations_state_list_page', content: { country: 'United States' } });
    await insertLocations(suite.server.db, [
      testLocation(rlid, { city: `Axeport ${suffix}`, state: 'ME', localPageURL: `me/axeport-${suffix}/1-test-quay`, isReservationsEnabled: true }),
    ]);
    await addFooterPage(suite.server.db, site.home, sampleFooter());
    await addChild(suite.server.db, site.home, {
      title: 'Gift Cards',
      slug: 'gift-cards',
      pageType: 'redirect_page',
      content: { redirect_to_page: null, redirect_to_url: 'https://gifts.redharbor.example/' },
    });
    await addVisitorPages();
  }

  /** The pages only a visitor's own state leads to: restricted pages, a place in line, a mailed link. */
  async function addVisitorPages(): Promise<void> {
    const members = await addChild(suite.server.db, site.home, { title: 'Members', slug: 'members', pageType: 'content_page', content: { body: [], confirmation: [] } });
    await addViewRestriction(suite.server.db, members, { type: 'password', password: 'lobster-bisque' });
    visitorPages.push(['password required', '/members/']);

    const crew = await addChild(suite.server.db, site.home, { title: 'Crew Only', slug: 'crew-only', pageType: 'blank_page', content: {} });
    await addViewRestriction(suite.server.db, crew, { type: 'login' });
    const toLogin = await request(suite.server, '/crew-only/', { host: site.hostname });
    expect(toLogin.status, 'a login-restricted page sends the visitor to sign in').to.equal(302);
    visitorPages.push(['login', String(toLogin.headers.location)]);

    await insertLocations(suite.server.db, [testLocation(rlid + 1, { city: `Linewater ${suffix}`, state: 'NH', waitListReady: true, waitListMaxPartySize: 6 })]);
    await saveWaitlistSettings(suite.server.db, { rlid: rlid + 1, waitListOpen: true, maxPartySize: 6, turnTimeMinutes: 40, tables: 8 });
    const joined = await (
      await apiSession(suite.server, site.hostname)
    ).send('/api/waitlist/', { json: { rlid: rlid + 1, partySize: 2, firstName: 'Rosa', lastName: 'Marin', phone: '(207) 555-0142' } });
    expect(joined.status, joined.body).to.equal(201);
    visitorPages.push(['wait list status', `/waitlist/${joined.json<{ plan_ahead_id: string }>().plan_ahead_id}/`]);

    const email = `diner.${suffix}@example.com`;
    const signup = await visitFormPage(suite.server, site.hostname, '/email-signup/');
    const signed = await signup.post({
      ...{ first_name: 'Robin', last_name: 'Shore', email, postcode: '32801', birthday_month: '2', birthday_day: '29', terms: 'on', consent: 'on' },
      ...{ 'occasions-TOTAL_FORMS': '0', 'occasions-INITIAL_FORMS': '0' },
      ...passedCaptcha(suite.server.config.SECRET_KEY),
    });
    expect(signed.status, signed.body).to.equal(303);
    const mail = await suite.server.db.selectFrom('outbox_emails').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+(\/_util\/email-signup\/confirm\/\S+\/)/.exec(mail.text_body);
    expect(link, mail.text_body).to.not.equal(null);
    visitorPages.push(['email signup confirmation', link![1]!], ['email signup confirmation', '/_util/email-signup/confirm/not-a-token/']);
  }

  const url = (path: string) => `http://${site.hostname}:${suite.server.port}${path}`;

  it('pages through the press releases and opens one, without console errors', async () => {
    const page = await suite.openPage(url('/press/press-releases/'));
    expect(await page.$eval('[aria-current="page"]', (element) => element.textContent)).to.equal('1');
    expect(await page.$$eval('.press-list__title', (titles) => titles.map((title) => title.textContent))).to.have.length(10);
    expect(await page.$eval('.press-date', (element) => element.textContent)).to.equal('3.25.25');

    await followLink(page, 'a.pagination__page[aria-label="Page 2"]');
    expect(new URL(page.url()).search).to.equal('?page=2');
    expect(await page.$eval('[aria-current="page"]', (element) => element.textContent)).to.equal('2');
    expect(await page.$eval('.press-list__title', (element) => element.textContent)).to.equal('Lobsterfest Day 15');

    await followLink(page, 'a.pagination__edge--last');
    expect(new URL(page.url()).search).to.equal('?page=3');
    expect(await page.$$eval('.press-list__title', (titles) => titles.length)).to.equal(5);

    await followLink(page, 'a.pagination__edge--first');
    expect(new URL(page.url()).search).to.equal('');

    await followLink(page, '.press-list__item:first-child a.press-list__more');
    expect(new URL(page.url()).pathname).to.equal('/press/press-releases/day-25/');
    expect(await page.$eval('h1', (element) => element.textContent)).to.equal('Lobsterfest Day 25');
    expect(await page.$eval('.press-release__back a', (element) => element.textContent?.trim())).to.equal('Back to Press Room');

    await followLink(page, '.press-release__back a');
    expect(new URL(page.url()).pathname).to.equal('/press/');
    expect(await page.$$eval('.press-card', (cards) => cards.length)).to.equal(3);
    await page.close();
  });

  it('paints the utility page in its background style on a phone', async () => {
    const page = await suite.openPage(url('/lobster-lovers-club/'), { width: 375, height: 800 });
    const painted = await page.$eval('.template-utility', (element) => {
      const style = getComputedStyle(element);
      return { className: element.className, image: style.backgroundImage, color: style.backgroundColor };
    });
    expect(painted.className).to.equal('template-utility bg-lobster');
    expect(painted.image).to.match(/lobster\.svg|url\(/);
    expect(painted.color).to.not.equal('rgba(0, 0, 0, 0)');
    await page.close();
  });

  /** One address of each template a visitor can reach without signing in or holding a token. */
  const TEMPLATE_PAGES = {
    'home page': '/',
    'example page': '/our-story/',
    'contact us': '/contact-us/',
    'contact us landing page': '/contact-us/thanks/',
    'email signup': '/email-signup/',
    'email signup landing page': '/email-signup/welcome/',
    'locations map': '/locations-map/',
    'locations state list': '/seafood-restaurants/locations/',
    'locations list': `/seafood-restaurants/locations/me/axeport-${suffix}/`,
    'single location': `/seafood-restaurants/locations/me/axeport-${suffix}/1-test-quay/`,
    'press section': '/press/',
    'press release list': '/press/press-releases/',
    'single press release': '/press/press-releases/day-1/',
    'utility page': '/lobster-lovers-club/',
    'error 404': '/no-such-page/',
    footer: '/blocks/footer/',
    // A redirect page answers 200 with the shell alone; the shell is what it renders.
    redirect: '/gift-cards/',
  } as const;
  /** Addresses of the other templates, learnt while setting up: the confirmation link both as mailed and broken. */
  const visitorPages: Array<[TemplateName, string]> = [];
  // The footer alone is a fragment other sites embed in their own pages, which bring the main landmark and the h1.
  const FRAGMENT_RULES = ['landmark-one-main', 'page-has-heading-one'];

  it('serves each template with a title and a meta description, and neither axe-core nor the Nu Html Checker reports anything', async () => {
    const documents: Record<string, string> = {};
    const findings: Record<string, AxeFinding[]> = {};
    const page = await suite.browser.newPage();
    await page.setBypassCSP(true);
    for (const [index, [template, pagePath]] of [...Object.entries(TEMPLATE_PAGES), ...visitorPages].entries()) {
      const html = (await request(suite.server, pagePath, { host: site.hostname })).body;
      const preloaded = /<script type="application\/json" id="preloaded">([\s\S]*?)<\/script>/.exec(html);
      expect((JSON.parse(preloaded![1]!) as PreloadedData).template, pagePath).to.equal(template);
      expect(html, `${template}: title`).to.match(/<title>[^<]+<\/title>/);
      expect(html, `${template}: description`).to.match(/<meta name="description" content="[^"]+">/);
      documents[`${index}-${template.replace(/\W+/g, '-')}`] = html;

      await page.goto(url(pagePath), { waitUntil: 'networkidle0' });
      await page.waitForSelector('html[data-hydrated="true"]');
      const found = await axeFindings(page, template === 'footer' ? FRAGMENT_RULES : []);
      if (found.length > 0) findings[pagePath] = found;
    }
    await page.close();
    // Both checkers' findings in one answer, so one run shows everything to fix.
    expect({ axe: findings, nu: await nuCheckerFindings(documents) }).to.deep.equal({ axe: {}, nu: [] });
  });
});
