import { expect } from 'chai';
import type { Page as BrowserPage } from 'puppeteer-core';
import { NAV_MENU_READY_TIMEOUT_MESSAGE } from '../../client/lib/use-scroll-nav';
import { addChild } from '../../server/models/pages';
import { useBrowserSuite } from '../support/browser';
import { createTestSite, type TestSite } from '../support/fixtures';

const paragraphs = (topic: string) => Array.from({ length: 14 }, (_, index) => `<p>${topic}, paragraph ${index + 1}: fresh fish, cooked to order and served like family.</p>`).join('');

const BLOCKS_BODY = [
  {
    type: 'accordion',
    id: 'acc',
    value: {
      heading: 'Good to know',
      accordions: ['Kids eat well here', 'Private dining', 'Accessible restaurants'].map((label) => ({ default_content: label, hidden_content: `<p>About ${label}.</p>` })),
    },
  },
  {
    type: 'tabbed_features',
    id: 'tabs',
    value: {
      tabs: ['Fresh Catch', 'Responsibly Sourced', 'Made From Scratch'].map((name) => ({ tab_name: name, content: `<p>${name} panel.</p>` })),
    },
  },
  ...(['one-column', 'two-column'] as const).map((layout) => ({
    type: 'faqs',
    id: `faq-${layout}`,
    value: {
      heading: `FAQs ${layout}`,
      layout,
      faqs: ['Reservations?', 'Allergens?', 'Gift cards?', 'Catering?'].map((question) => ({ question, answer: `<p>${question} Yes.</p>` })),
    },
  })),
];

// Page order Catering, Our Promise, Menu Favorites; sort order puts Our Promise first.
const SCROLL_BODY = [
  { type: 'rich_text', id: 'intro', value: { html: paragraphs('Intro') } },
  { type: 'scroll_nav_menu_item', id: 'nav-catering', value: { title: 'Catering', sort_order: 30 } },
  { type: 'rich_text', id: 'catering', value: { html: paragraphs('Catering') } },
  { type: 'scroll_nav_menu_item', id: 'nav-promise', value: { title: 'Our Promise', sort_order: 10 } },
  { type: 'rich_text', id: 'promise', value: { html: paragraphs('Promise') } },
  { type: 'scroll_nav_menu_item', id: 'nav-favorites', value: { title: 'Menu Favorites', sort_order: 20 } },
  { type: 'rich_text', id: 'favorites', value: { html: paragraphs('Favorites') } },
];

const attributes = (page: BrowserPage, selector: string, name: string) =>
  page.$$eval(selector, (elements, attribute) => elements.map((element) => element.getAttribute(attribute)), name);

const hiddenStates = (page: BrowserPage, selector: string) => page.$$eval(selector, (elements) => elements.map((element) => (element as HTMLElement).hidden));

describe('text and structure blocks in the browser', function () {
  // Console warnings count: React reports hydration mismatches there.
  const suite = useBrowserSuite({ problems: { warnings: true } });
  let site: TestSite;

  before(async function () {
    site = await createTestSite(suite.server.db);
    const page = (slug: string, body: unknown[]) => addChild(suite.server.db, site.home, { title: slug, slug, pageType: 'content_page', content: { body, confirmation: [] } });
    await page('text-blocks', BLOCKS_BODY);
    await page('scroll-nav', SCROLL_BODY);
  });

  const urlOf = (path: string) => `http://${site.hostname}:${suite.server.port}${path}`;

  it('keeps several accordion rows open at once, by mouse and keyboard', async () => {
    const page = await suite.openPage(urlOf('/text-blocks/'));
    const toggles = await page.$$('.accordion-list__toggle');
    await toggles[0]!.click();
    await toggles[1]!.click();
    expect(await attributes(page, '.accordion-list__toggle', 'aria-expanded')).to.deep.equal(['true', 'true', 'false']);
    expect(await hiddenStates(page, '.accordion-list__panel')).to.deep.equal([false, false, true]);

    await toggles[2]!.focus();
    await page.keyboard.press('Enter');
    await toggles[0]!.focus();
    await page.keyboard.press('Space');
    expect(await attributes(page, '.accordion-list__toggle', 'aria-expanded')).to.deep.equal(['false', 'true', 'true']);
    expect(await hiddenStates(page, '.accordion-list__panel')).to.deep.equal([true, false, false]);
    const controlled = await attributes(page, '.accordion-list__toggle', 'aria-controls');
    expect(await page.$$eval('.accordion-list__panel', (panels) => panels.map((panel) => panel.id))).to.deep.equal(controlled);
    await page.close();
  });

  it('switches tabbed feature panels by click and by arrow, Home and End keys', async () => {
    const page = await suite.openPage(urlOf('/text-blocks/'));
    const selected = () => attributes(page, '[role="tab"]', 'aria-selected');
    const focusedTab = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await selected()).to.deep.equal(['true', 'false', 'false']);

    await page.click('[role="tab"]:nth-child(2)');
    expect(await selected()).to.deep.equal(['false', 'true', 'false']);
    expect(await hiddenStates(page, '[role="tabpanel"]')).to.deep.equal([true, false, true]);
    expect(await attributes(page, '[role="tab"]', 'tabindex')).to.deep.equal(['-1', '0', '-1']);

    await page.keyboard.press('ArrowRight');
    expect(await selected()).to.deep.equal(['false', 'false', 'true']);
    expect(await focusedTab()).to.equal('Made From Scratch');
    await page.keyboard.press('ArrowRight');
    expect(await focusedTab()).to.equal('Fresh Catch');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedTab()).to.equal('Made From Scratch');
    await page.keyboard.press('Home');
    expect(await selected()).to.deep.equal(['true', 'false', 'false']);
    await page.keyboard.press('End');
    expect(await selected()).to.deep.equal(['false', 'false', 'true']);
    expect(await hiddenStates(page, '[role="tabpanel"]')).to.deep.equal([true, true, false]);
    expect(await page.$eval('[role="tabpanel"]:not([hidden])', (panel) => panel.textContent)).to.equal('Made From Scratch panel.');

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).to.equal('tabpanel');
    await page.close();
  });

  it('lays FAQs out in one column, or two side by side that stack on phones', async () => {
    const columnBoxes = (page: BrowserPage, layout: string) =>
      page.$$eval(`.faqs--${layout} .faqs__column`, (columns) =>
        columns.map((column) => {
          const box = column.getBoundingClientRect();
          return { left: Math.round(box.left), top: Math.round(box.top), bottom: Math.round(box.bottom) };
        }),
      );

    const wide = await suite.openPage(urlOf('/text-blocks/'));
    expect(await columnBoxes(wide, 'one-column')).to.have.length(1);
    const [first, second] = await columnBoxes(wide, 'two-column');
    expect(second!.left).to.be.greaterThan(first!.left + 300);
    expect(second!.top).to.equal(first!.top);
    await wide.click('.faqs--two-column .faqs__column:nth-child(2) summary');
    expect(await wide.$$eval('.faqs--two-column details', (items) => items.map((item) => item.open))).to.deep.equal([false, false, true, false]);
    await wide.close();

    const narrow = await suite.openPage(urlOf('/text-blocks/'), { width: 375 });
    const [top, bottom] = await columnBoxes(narrow, 'two-column');
    expect(bottom!.left).to.equal(top!.left);
    expect(bottom!.top).to.be.at.least(top!.bottom);
    await narrow.close();
  });

  describe('scroll nav', () => {
    const menuState = (page: BrowserPage) =>
      page.evaluate(() => ({
        entries: [...document.querySelectorAll('.scroll-nav__link')].map((link) => link.textContent),
        current: document.querySelector('.scroll-nav__link[aria-current]')?.getAttribute('href') ?? null,
        hash: location.hash,
      }));

    it('lists each section once by sort order, and highlights and puts in the address the section scrolled to', async () => {
      const page = await suite.openPage(urlOf('/scroll-nav/'));
      await page.waitForSelector('.scroll-nav:not([hidden])');
      expect(await page.$$('.scroll-nav')).to.have.length(1);
      expect(await menuState(page)).to.deep.equal({ entries: ['Our Promise', 'Menu Favorites', 'Catering'], current: null, hash: '' });

      await page.evaluate(() => {
        const section = document.getElementById('section-our-promise')!;
        window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - 150, behavior: 'instant' });
      });
      await page.waitForFunction(() => location.hash === '#section-our-promise' && document.querySelector('[aria-current]')?.getAttribute('href') === location.hash);

      await page.evaluate(() => {
        const section = document.getElementById('section-catering')!;
        window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - 150, behavior: 'instant' });
      });
      await page.waitForFunction(() => location.hash === '#section-catering' && document.querySelector('[aria-current]')?.getAttribute('href') === location.hash);

      // The bar sticks under the header while the sections scroll by.
      const barTop = await page.$eval('.scroll-nav', (bar) => bar.getBoundingClientRect().top);
      const headerBottom = await page.$eval('.site-header', (header) => header.getBoundingClientRect().bottom);
      expect(barTop).to.be.within(headerBottom, headerBottom + 20);

      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.waitForFunction(() => location.hash === '' && !document.querySelector('[aria-current]'));
      await page.close();
    });

    it('scrolls smoothly to a section when its entry is clicked and moves focus there', async () => {
      const page = await suite.openPage(urlOf('/scroll-nav/'), { width: 375 });
      await page.waitForSelector('.scroll-nav:not([hidden])');
      await page.click('.scroll-nav__link[href="#section-menu-favorites"]');
      const midway = await page.evaluate(() => window.scrollY);
      await page.waitForFunction(() => {
        const top = document.getElementById('section-menu-favorites')!.getBoundingClientRect().top;
        const barBottom = document.querySelector('.scroll-nav')!.getBoundingClientRect().bottom;
        return top >= barBottom && top < barBottom + 40;
      });
      const target = await page.evaluate(() => window.scrollY);
      expect(midway, 'the scroll is animated, not a jump').to.be.lessThan(target);
      // The highlight follows the scroll on the frame after it settles, as React renders the new state.
      await page.waitForFunction(() => document.querySelector('.scroll-nav__link[aria-current]')?.getAttribute('href') === '#section-menu-favorites');
      expect(await menuState(page)).to.deep.include({ current: '#section-menu-favorites', hash: '#section-menu-favorites' });
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal('section-menu-favorites');
      // The highlighted entry is scrolled into view in the sideways-scrolling bar.
      const linkBox = await page.$eval('.scroll-nav__link[aria-current]', (link) => {
        const { left, right } = link.getBoundingClientRect();
        return { left, right };
      });
      expect(linkBox.left).to.be.at.least(0);
      expect(linkBox.right).to.be.at.most(375);
      await page.close();
    });

    it('warns and shows the menu anyway when a section has not registered within 500 ms', async () => {
      const page = await suite.openPage(urlOf('/scroll-nav/'), {
        // A section element outside the React tree, as a block that failed to start would leave.
        beforeLoad: (browserPage) =>
          browserPage.evaluateOnNewDocument(() => {
            // After the app's root, so the page's own first section still hosts the menu.
            const observer = new MutationObserver(() => {
              const root = document.getElementById('root');
              if (!root) return;
              observer.disconnect();
              const orphan = document.createElement('div');
              orphan.setAttribute('data-scroll-nav-section', '');
              root.after(orphan);
            });
            observer.observe(document, { childList: true, subtree: true });
          }),
      });
      await page.waitForSelector('.scroll-nav:not([hidden])');
      expect((await menuState(page)).entries).to.deep.equal(['Our Promise', 'Menu Favorites', 'Catering']);
      const [warning, ...others] = suite.takeProblems();
      expect(others).to.deep.equal([]);
      expect(warning).to.have.string(`warn: ${NAV_MENU_READY_TIMEOUT_MESSAGE} (`);
      await page.close();
    });
  });
});
