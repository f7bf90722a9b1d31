import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import type { StreamBlock, StreamValue } from '../../admin-client/streamfield/schemas';
import { HARNESS_DEMO_VALUE } from '../../scripts/streamfield-harness-demo';
import { useBrowserSuite } from '../support/browser';
import { INVALID_VALUE, startStreamFieldHarness } from '../support/streamfield-harness';
import { blockField } from '../support/streamfield-fields';

const TOP_BLOCKS = '[data-streamfield] > .sf-stream > .sf-stream__item > .sf-block';

/** The value the form would POST: the hidden input's JSON. */
const formValue = (page: Page): Promise<StreamValue> => page.$eval('input[name="body"]', (input) => JSON.parse(input.value) as StreamValue);

const types = async (page: Page) => (await formValue(page)).map((block) => block.type);

async function waitForAnnouncement(page: Page, pattern: RegExp): Promise<void> {
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('[data-streamfield-announcer]')?.textContent ?? ''), {}, pattern.source);
}

/** The control a block's field label names. */
async function addBlockAtEnd(page: Page, search: string, type: string): Promise<StreamBlock> {
  await page.click('[data-streamfield] > .sf-stream > .sf-insert--end button');
  await page.type('[data-streamfield-menu] input[type="search"]', search);
  await page.click(`[data-streamfield-menu] [data-block-type="${type}"]`);
  const value = await formValue(page);
  return value[value.length - 1]!;
}

describe('StreamField editor in the browser', function () {
  const suite = useBrowserSuite({ serve: startStreamFieldHarness, problems: { warnings: true } });

  /** The editor page at `url` (the harness's own unless given), once the editor has started. */
  const openHarness = (url = suite.server.url) => suite.openPage(url, { readySelector: '[data-streamfield].sf-editor' });

  it('adds, edits, reorders, duplicates, deletes and collapses blocks, the form value following each step', async () => {
    const page = await openHarness();
    expect(await formValue(page)).to.deep.equal(HARNESS_DEMO_VALUE);

    const hero = await addBlockAtEnd(page, 'hero', 'hero');
    expect(hero).to.deep.include({
      type: 'hero',
      value: { image: null, image_alignment: 'center', text_style: 'dark', title: '', subtitle: '', link: null, link_text: '', link_style: 'primary' },
    });
    expect(await types(page)).to.have.length(HARNESS_DEMO_VALUE.length + 1);
    await waitForAnnouncement(page, /Hero block added at position 6/);
    await (await blockField(page, hero.id, 'Title')).type('Oyster happy hour');
    expect((await formValue(page)).at(-1)!.value).to.include({ title: 'Oyster happy hour' });

    // A rich text block before the first block, typed into through TipTap.
    await page.click(`${TOP_BLOCKS.replace(' > .sf-block', '')}:first-child .sf-insert__button`);
    await page.type('[data-streamfield-menu] input[type="search"]', 'rich');
    await page.click('[data-streamfield-menu] [data-block-type="rich_text"]');
    const richText = (await formValue(page))[0]!;
    expect(richText).to.deep.include({ type: 'rich_text', value: { html: '', alignment: 'left' } });
    await page.click(`[data-block-id="${richText.id}"] .ProseMirror`);
    await page.keyboard.type('Shucked to order');
    await page.click(`[data-block-id="${richText.id}"] [aria-label="Bold"]`);
    await page.keyboard.type(' daily');
    expect((await formValue(page))[0]!.value).to.deep.equal({ html: '<p>Shucked to order<strong> daily</strong></p>', alignment: 'left' });
    await page.keyboard.down('Shift');
    for (let step = 0; step < ' daily'.length; step += 1) await page.keyboard.press('ArrowLeft');
    await page.keyboard.up('Shift');
    await page.click(`[data-block-id="${richText.id}"] [aria-label="Link"]`);
    await page.keyboard.type('/menu/');
    await page.keyboard.press('Enter');
    expect((await formValue(page))[0]!.value).to.deep.equal({ html: '<p>Shucked to order<a href="/menu/"><strong> daily</strong></a></p>', alignment: 'left' });
    // TipTap gives the editor its focus back on the next animation frame; a block menu opened
    // before that frame would lose the focus to it and close.
    await page.waitForFunction((id) => document.activeElement?.closest(`[data-block-id="${id}"] .ProseMirror`) !== null, {}, richText.id);

    // An accordion, its list grown by one item that is then moved first.
    const accordion = await addBlockAtEnd(page, 'accordion', 'accordion');
    expect(accordion.value).to.deep.equal({ heading: '', accordions: [{ default_content: '', hidden_content: '' }], image: null });
    await page.click(`[data-block-id="${accordion.id}"] .sf-list__add`);
    await page.keyboard.type('Second question');
    expect(((await formValue(page)).at(-1)!.value as { accordions: unknown[] }).accordions).to.deep.equal([
      { default_content: '', hidden_content: '' },
      { default_content: 'Second question', hidden_content: '' },
    ]);
    await page.click(`[data-block-id="${accordion.id}"] .sf-list__item:nth-child(2) .sf-list__up`);
    expect(((await formValue(page)).at(-1)!.value as { accordions: Array<{ default_content: string }> }).accordions.map((item) => item.default_content)).to.deep.equal([
      'Second question',
      '',
    ]);
    const firstItem = `[data-block-id="${accordion.id}"] .sf-list__item:first-child`;
    expect(await page.evaluate((selector) => document.activeElement === document.querySelector(`${selector} .sf-list__up`), firstItem)).to.equal(true, 'focus follows the moved item');

    // Reorder with the move button, then back with Alt+ArrowUp; focus stays on the moved block.
    const before = await types(page);
    const moveDown = `[data-block-id="${richText.id}"] .sf-block__down`;
    await page.focus(moveDown);
    await page.keyboard.press('Enter');
    expect(await types(page)).to.deep.equal([before[1], before[0], ...before.slice(2)]);
    expect(await page.evaluate((selector) => document.activeElement === document.querySelector(selector), moveDown)).to.equal(true);
    await waitForAnnouncement(page, /Rich text block moved to position 2 of 8/);
    await page.keyboard.down('Alt');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.up('Alt');
    expect(await types(page)).to.deep.equal(before);
    expect(await page.evaluate(() => document.activeElement?.closest('.sf-block')?.getAttribute('data-block-id'))).to.equal(richText.id);

    // Duplicate the hero: a copy with a new id right after it; then delete the copy.
    await page.click(`[data-block-id="${hero.id}"] .sf-block__duplicate`);
    let value = await formValue(page);
    const heroIndex = value.findIndex((block) => block.id === hero.id);
    const copy = value[heroIndex + 1]!;
    expect(copy.id).not.to.equal(hero.id);
    expect(copy).to.deep.include({ type: 'hero', value: value[heroIndex]!.value });
    await page.click(`[data-block-id="${copy.id}"] .sf-block__delete`);
    value = await formValue(page);
    expect(value.map((block) => block.id)).not.to.include(copy.id);
    expect(value).to.have.length(8);
    await waitForAnnouncement(page, /Hero block deleted/);

    // Collapse the heading: the body hides, the value stays.
    const heading = `[data-block-id="${HARNESS_DEMO_VALUE[0]!.id}"]`;
    await page.click(`${heading} .sf-block__toggle`);
    expect(await page.$eval(`${heading} .sf-block__toggle`, (toggle) => toggle.getAttribute('aria-expanded'))).to.equal('false');
    expect(await page.$eval(`${heading} .sf-block__body`, (body) => (body as HTMLElement).hidden)).to.equal(true);
    expect(await formValue(page)).to.deep.equal(value);

    // A plain form POST carries the value; the autosave hook hears the changes, debounced.
    expect(JSON.parse(await page.$eval('form', (form) => String(new FormData(form).get('body'))))).to.deep.equal(value);
    await page.waitForFunction(() => /· 8 blocks$/.test(document.querySelector('[data-harness-events]')?.textContent ?? ''));
    await page.close();
  });

  it('chooses an image in the chooser modal, searching the chooser URL', async () => {
    const page = await openHarness();
    const heroId = HARNESS_DEMO_VALUE.find((block) => block.type === 'hero')!.id;
    await page.click(`[data-block-id="${heroId}"] [data-chooser-target="image"]`);
    await page.waitForSelector('[data-streamfield-chooser][open] [data-choice-id="12"]');
    expect(await page.$$eval('[data-streamfield-chooser] [data-choice-id]', (choices) => choices.length)).to.equal(3);
    // On a loaded machine keys come slowly and a prefix may be searched first: wait for the whole word's answer.
    const answered = page.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === 'oyster');
    await page.type('[data-streamfield-chooser] input[type="search"]', 'oyster');
    await answered;
    await page.waitForFunction(() => document.querySelectorAll('[data-streamfield-chooser] [data-choice-id]').length === 1);
    expect(suite.server.chooserQueries).to.include('oyster');
    await page.click('[data-streamfield-chooser] [data-choice-id="7"]');
    await page.waitForSelector('[data-streamfield-chooser]:not([open])');
    const hero = (await formValue(page)).find((block) => block.id === heroId)!;
    expect(hero.value).to.include({ image: 7 });
    expect(await page.$eval(`[data-block-id="${heroId}"] .sf-chooser__summary`, (summary) => summary.textContent)).to.equal('Oysters on ice');

    // Cancelling leaves the choice as it was.
    await page.click(`[data-block-id="${heroId}"] [data-chooser-target="image"]`);
    await page.waitForSelector('[data-streamfield-chooser][open]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-streamfield-chooser]:not([open])');
    expect((await formValue(page)).find((block) => block.id === heroId)!.value).to.include({ image: 7 });
    await page.close();
  });

  it('pastes a block copied in another page’s editor, under a new id', async () => {
    const source = await openHarness();
    const accordion = HARNESS_DEMO_VALUE.find((block) => block.type === 'accordion')!;
    await source.click(`[data-block-id="${accordion.id}"] .sf-block__copy`);
    await waitForAnnouncement(source, /Accordion block copied/);

    const target = await openHarness();
    await target.click('[data-streamfield] > .sf-stream > .sf-insert--end button');
    await target.click('[data-streamfield-menu] .sf-menu__paste');
    await waitForAnnouncement(target, /Accordion block pasted at position 6/);
    const pasted = (await formValue(target)).at(-1)!;
    expect(pasted.type).to.equal('accordion');
    expect(pasted.value).to.deep.equal(accordion.value);
    expect(pasted.id).not.to.equal(accordion.id);
    await source.close();
    await target.close();
  });

  it('refuses to paste when nothing was copied', async () => {
    const page = await openHarness();
    await page.evaluate(() => localStorage.clear());
    await page.click('[data-streamfield] > .sf-stream > .sf-insert--end button');
    await page.click('[data-streamfield-menu] .sf-menu__paste');
    await waitForAnnouncement(page, /There is no copied block to paste/);
    expect(await formValue(page)).to.deep.equal(HARNESS_DEMO_VALUE);
    expect(await page.evaluate(() => document.activeElement?.closest('.sf-insert--end') !== null)).to.equal(true, 'focus returns to the add button');
    await page.close();
  });

  it('edits blocks nested in a wrapper and adds or removes an optional link', async () => {
    const page = await openHarness();
    const wrapper = '[data-block-id="demo-wrapper"]';
    await page.click(`${wrapper} .sf-nested-stream .sf-insert--end button`);
    await page.type('[data-streamfield-menu] input[type="search"]', 'rich text');
    await page.click('[data-streamfield-menu] [data-block-type="rich_text"]');
    const content = () => formValue(page).then((value) => (value.find((block) => block.id === 'demo-wrapper')!.value as { content: StreamBlock[] }).content);
    expect((await content()).map((block) => block.type)).to.deep.equal(['heading', 'rich_text']);
    await page.keyboard.type('Parties of 10 to 200');
    expect((await content())[1]!.value).to.deep.equal({ html: '<p>Parties of 10 to 200</p>', alignment: 'left' });
    expect((await formValue(page)).map((block) => block.id)).to.deep.equal(
      HARNESS_DEMO_VALUE.map((block) => block.id),
      'the outer stream is unchanged',
    );

    const hero = '[data-block-id="demo-hero"]';
    const link = () => formValue(page).then((value) => (value.find((block) => block.id === 'demo-hero')!.value as { link: unknown }).link);
    await page.click(`${hero} .sf-struct__remove`);
    expect(await link()).to.equal(null);
    await page.click(`${hero} .sf-struct__add`);
    expect(await link()).to.deep.equal({ page: null, url: null });
    await page.type(`${hero} .sf-struct input[inputmode="url"]`, '/catering/');
    expect(await link()).to.deep.equal({ page: null, url: '/catering/' });
    await page.close();
  });

  it('reorders blocks by dragging their handle', async () => {
    const page = await openHarness();
    // Collapsed, every block is in view: a drag only reaches what is on screen.
    for (const toggle of await page.$$(`${TOP_BLOCKS} > .sf-block__header .sf-block__toggle`)) await toggle.click();
    const handle = await page.$(`[data-block-id="${HARNESS_DEMO_VALUE[0]!.id}"] .sf-block__handle`);
    const target = await page.$(`[data-block-id="${HARNESS_DEMO_VALUE[2]!.id}"] .sf-block__header`);
    const from = (await handle!.boundingBox())!;
    const to = (await target!.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(from.x + from.width / 2, from.y + ((to.y + to.height - from.y) * step) / 10);
    await page.mouse.up();
    await waitForAnnouncement(page, /Heading block moved to position 3 of 5/);
    expect((await formValue(page)).map((block) => block.id)).to.deep.equal([1, 2, 0, 3, 4].map((index) => HARNESS_DEMO_VALUE[index]!.id));
    expect(await page.$eval('[data-streamfield] > .sf-stream', (stream) => stream.lastElementChild?.classList.contains('sf-insert--end'))).to.equal(true);
    await page.close();
  });

  it('shows the last save’s errors beside their fields, keeping what was typed', async () => {
    const page = await openHarness(suite.server.invalidUrl);
    expect(await formValue(page)).to.deep.equal(INVALID_VALUE);
    const errorsOf = (blockId: string) => page.$$eval(`[data-block-id="${blockId}"] .sf-error`, (errors) => errors.map((error) => error.textContent));
    expect(await errorsOf('bad-hero')).to.deep.equal(['This field is required.', 'a hero link needs link text']);
    expect(await page.$eval('[data-block-id="bad-hero"] .sf-block__error-count', (badge) => badge.textContent)).to.equal('2 errors');
    const title = await blockField(page, 'bad-hero', 'Title');
    expect(await title.evaluate((input) => [input.getAttribute('aria-invalid'), document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent])).to.deep.equal([
      'true',
      'This field is required.',
    ]);
    expect(await errorsOf('bad-accordion')).to.deep.equal(['This field is required.']);
    expect(await page.$eval('[data-block-id="bad-accordion"] .sf-list__item .has-error .sf-label', (label) => label.textContent)).to.equal('Hidden content *');
    expect(await errorsOf('bad-type')).to.deep.equal(['There is no block type “retired_block”; delete this block.']);
    await page.close();
  });

  it('opens 200 blocks collapsed and edits one without rebuilding the others', async () => {
    const page = await openHarness(`${suite.server.url}?repeat=40`);
    expect(await page.$$eval(TOP_BLOCKS, (blocks) => blocks.length)).to.equal(200);
    expect(await page.$$eval(`${TOP_BLOCKS} > .sf-block__body`, (bodies) => bodies.filter((body) => body.childElementCount > 0).length)).to.equal(0);
    expect(await page.$$eval('.ProseMirror', (editors) => editors.length)).to.equal(0);

    const last = (await formValue(page)).filter((block) => block.type === 'heading').at(-1)!;
    await page.evaluate((selector) => {
      for (const block of document.querySelectorAll(selector)) (block as HTMLElement & { marked?: boolean }).marked = true;
    }, TOP_BLOCKS);
    await page.click(`[data-block-id="${last.id}"] .sf-block__toggle`);
    expect(await page.$$eval(`${TOP_BLOCKS} > .sf-block__body`, (bodies) => bodies.filter((body) => body.childElementCount > 0).length)).to.equal(1);
    await (await blockField(page, last.id, 'Text')).type(' again');
    expect((await formValue(page)).find((block) => block.id === last.id)!.value).to.include({ text: 'Fresh from the harbor again' });
    expect(await page.$$eval(TOP_BLOCKS, (blocks) => blocks.every((block) => (block as HTMLElement & { marked?: boolean }).marked))).to.equal(true, 'no block was rebuilt');
    await page.close();
  });
});
