import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PressReleaseListProps } from '../../client/templates/PressReleaseList';
import type { PressSectionProps } from '../../client/templates/PressSection';
import type { Page } from '../../server/db/schema';
import { createMediaStorage, type MediaStorage } from '../../server/media-storage';
import { createDocument } from '../../server/models/documents';
import { addChild, publishRevision, saveRevision, snapshotOfPage } from '../../server/models/pages';
import { createTestSite, type TestSite } from '../support/fixtures';
import { preloadedOf, withoutPreloaded } from '../support/preloaded';
import { request, startTestServer, type TestServer } from '../support/server';

/** The titles of the listed releases, in page order. */
function listedTitles(html: string): string[] {
  return [...html.matchAll(/<h2 class="press-list__title" id="press-release-\d+">([^<]*)<\/h2>/g)].map((match) => match[1]!);
}

/** The page number marked current in the pagination, if any. */
function currentPage(html: string): string | undefined {
  return /<a class="pagination__page" href="[^"]*" aria-label="Page \d+" aria-current="page">(\d+)<\/a>/.exec(html)?.[1];
}

/** 23 releases one month apart from January 2019: three pages of 10, 10 and 3. */
const RELEASE_COUNT = 23;
function releaseDate(index: number): string {
  const date = new Date(Date.UTC(2019, index, 15));
  return date.toISOString().slice(0, 10);
}
const releaseTitle = (index: number) => `Release ${String(index + 1).padStart(2, '0')}`;

describe('press pages through the server', () => {
  let server: TestServer;
  let storage: MediaStorage;
  let mediaDir: string;
  let site: TestSite;
  let section: Page;
  let list: Page;
  const listPath = '/press/press-releases/';

  before(async () => {
    mediaDir = mkdtempSync(path.join(tmpdir(), 'rh-press-'));
    server = await startTestServer({ MEDIA_DIR: mediaDir });
    storage = createMediaStorage(mediaDir);
    site = await createTestSite(server.db);
    const factSheet = await createDocument(server.db, storage, {
      title: 'Fact Sheet 2026',
      filename: 'fact-sheet.pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_536_000 - 9, 0x20)]),
    });
    const milestones = await createDocument(server.db, storage, { title: 'Milestones', filename: 'milestones.csv', bytes: Buffer.from('year,milestone\n1978,First restaurant\n') });
    section = await addChild(server.db, site.home, {
      title: 'Press Room',
      slug: 'press',
      pageType: 'press_section_page',
      content: {
        latest_count: 3,
        contact_info: '<p>Call <a href="tel:+14075550188">407-555-0188</a><script>alert(1)</script></p>',
        media_download_tiles: [
          { title: '', image: null, document: factSheet.id },
          { title: 'Our Story in Dates', image: null, document: milestones.id },
          { title: 'Deleted Document', image: null, document: 99_999_999 },
        ],
      },
    });
    list = await addChild(server.db, section, { title: 'Press Releases', slug: 'press-releases', pageType: 'press_release_list_page', content: {} });
    // Added in shuffled order: the list sorts by date, not by tree position.
    const order = Array.from({ length: RELEASE_COUNT }, (_, index) => (index * 7) % RELEASE_COUNT);
    for (const index of order) {
      await addChild(server.db, list, {
        title: releaseTitle(index),
        slug: `release-${index + 1}`,
        pageType: 'press_release_page',
        content: { date: releaseDate(index), feature_image: null, body: `<p>Body of release ${index + 1}.</p><script>steal()</script>` },
      });
    }
    await addChild(server.db, list, { title: 'Unpublished Release', pageType: 'press_release_page', live: false, content: { date: '2030-01-01' } });
  });
  after(async () => {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const get = (urlPath: string, host = site.hostname) => request(server, urlPath, { host });
  const newest = (count: number, skip = 0) => Array.from({ length: count }, (_, offset) => releaseTitle(RELEASE_COUNT - 1 - skip - offset));

  describe('press release list', () => {
    it('shows the newest ten on page 1, with links to page 1 that carry no page parameter', async () => {
      const response = await get(listPath);
      expect(response.status).to.equal(200);
      expect(preloadedOf(response.body).template).to.equal('press release list');
      expect(response.body).to.include('<h1 class="page-title">Press Releases</h1>');
      expect(listedTitles(response.body)).to.deep.equal(newest(10));
      expect(withoutPreloaded(response.body)).to.not.include('Unpublished Release');
      expect(currentPage(response.body)).to.equal('1');
      expect(response.body).to.include(`<a class="pagination__page" href="${listPath}" aria-label="Page 1" aria-current="page">1</a>`);
      expect(withoutPreloaded(response.body)).to.not.include('?page=1"');
      expect(response.body).to.match(/<span class="pagination__edge pagination__edge--first is-disabled" aria-disabled="true">/);
      expect(response.body).to.include(`<a class="pagination__edge pagination__edge--last" href="${listPath}?page=3" aria-label="Last page">`);
      const props = preloadedOf(response.body).props as unknown as PressReleaseListProps;
      expect(props).to.include({ num_pages: 3, current_page: 1, url: listPath });
    });

    it('shows dates as M.d.yy and links each title with Learn More', async () => {
      const response = await get(listPath);
      // Release 23 is dated 2020-11-15.
      expect(response.body).to.include('<time class="press-date" dateTime="2020-11-15">11.15.20</time>');
      const props = preloadedOf(response.body).props as unknown as PressReleaseListProps;
      const first = props.articles[0]!;
      expect(first).to.include({ title: 'Release 23', date: '2020-11-15', url: `${listPath}release-23/` });
      expect(response.body).to.include(`<a class="press-list__more" href="${listPath}release-23/" aria-describedby="press-release-${first.id}">Learn More`);
    });

    it('links back to the press section the list belongs to', async () => {
      const response = await get(listPath);
      expect(response.body).to.match(/<a class="press-back-link" href="\/press\/">.*Back to Press Room<\/a>/);
    });

    it('shows the middle page with first and last links, and the last page with the rest', async () => {
      const middle = await get(`${listPath}?page=2`);
      expect(listedTitles(middle.body)).to.deep.equal(newest(10, 10));
      expect(currentPage(middle.body)).to.equal('2');
      expect(middle.body).to.include(`<a class="pagination__edge pagination__edge--first" href="${listPath}" aria-label="First page">`);
      expect(middle.body).to.include(`<a class="pagination__edge pagination__edge--last" href="${listPath}?page=3" aria-label="Last page">`);

      const last = await get(`${listPath}?page=3`);
      expect(listedTitles(last.body)).to.deep.equal(['Release 03', 'Release 02', 'Release 01']);
      expect(currentPage(last.body)).to.equal('3');
      expect(last.body).to.match(/<span class="pagination__edge pagination__edge--last is-disabled" aria-disabled="true">/);
    });

    it('shows the last page for a page number past the end, never an error', async () => {
      for (const page of ['4', '99', '99999999999999999999999']) {
        const response = await get(`${listPath}?page=${page}`);
        expect(response.status, page).to.equal(200);
        expect(currentPage(response.body), page).to.equal('3');
        expect(listedTitles(response.body)).to.deep.equal(['Release 03', 'Release 02', 'Release 01']);
      }
    });

    it('shows page 1 for a page parameter that is not a positive whole number', async () => {
      for (const page of ['abc', '0', '-1', '2.5', '', '%20', '1e1', '1']) {
        const response = await get(`${listPath}?page=${page}`);
        expect(response.status, page).to.equal(200);
        expect(currentPage(response.body), page).to.equal('1');
        expect(listedTitles(response.body), page).to.deep.equal(newest(10));
      }
      const repeated = await get(`${listPath}?page=2&page=3`);
      expect(currentPage(repeated.body)).to.equal('1');
    });
  });

  describe('press release detail', () => {
    it('shows the title, date, sanitized body and the Back button', async () => {
      const response = await get(`${listPath}release-5/`);
      expect(response.status).to.equal(200);
      expect(preloadedOf(response.body).template).to.equal('single press release');
      expect(response.body).to.include('<h1 class="page-title press-release__title">Release 05</h1>');
      expect(response.body).to.include('<time class="press-date" dateTime="2019-05-15">5.15.19</time>');
      expect(response.body).to.include('<p>Body of release 5.</p>');
      expect(withoutPreloaded(response.body)).to.not.include('steal()');
      expect(response.body).to.match(/<a class="button button--secondary" href="\/press\/">.*Back to Press Room<\/a>/);
    });
  });

  describe('press section', () => {
    it('shows the latest releases, and no see-all link when none is set', async () => {
      const response = await get('/press/');
      expect(response.status).to.equal(200);
      const props = preloadedOf(response.body).props as unknown as PressSectionProps;
      expect(props.press_releases.map((article) => article.title)).to.deep.equal(newest(3));
      expect(response.body).to.include('<time class="press-date" dateTime="2020-11-15">11.15.20</time>');
      expect(response.body).to.include('<h1 class="press-hero__title">Press Room</h1>');
      expect(props.see_all_link).to.equal(null);
      expect(withoutPreloaded(response.body)).to.not.include('See All');
    });

    it('shows Press Inquiries with the sanitized contact info', async () => {
      const response = await get('/press/');
      expect(response.body).to.include('>Press Inquiries</h2>');
      expect(response.body).to.include('<p>Call <a href="tel:+14075550188">407-555-0188</a></p>');
      expect(withoutPreloaded(response.body)).to.not.include('alert(1)');
    });

    it('shows a tile per existing document with its extension, size and Download link', async () => {
      const response = await get('/press/');
      expect(response.body).to.include('>Media Downloads</h2>');
      expect(response.body).to.include('<h3 class="download-tile__title">Fact Sheet 2026</h3>');
      expect(response.body).to.include('<p class="download-tile__meta">.pdf File, 1.5 MB</p>');
      expect(response.body).to.include('<h3 class="download-tile__title">Our Story in Dates</h3>');
      expect(response.body).to.match(/<p class="download-tile__meta">\.csv File, \d+ B<\/p>/);
      expect(withoutPreloaded(response.body)).to.not.include('Deleted Document');
      const props = preloadedOf(response.body).props as unknown as PressSectionProps;
      expect(props.media_download_tiles).to.have.length(2);
      const download = await get(props.media_download_tiles[0]!.url);
      expect(download.status).to.equal(200);
      expect(download.headers['content-disposition']).to.match(/^attachment; filename="?fact-sheet\.pdf"?$/);
    });
  });

  describe('a site whose press pages are arranged differently', () => {
    let other: TestSite;
    before(async () => {
      other = await createTestSite(server.db);
      const newsroom = await addChild(server.db, other.home, {
        title: 'Newsroom',
        slug: 'newsroom',
        pageType: 'press_section_page',
        content: { contact_info: '<p> &nbsp; </p>', media_download_tiles: [] },
      });
      const looseList = await addChild(server.db, other.home, { title: 'News Releases', slug: 'news', pageType: 'press_release_list_page', content: {} });
      await addChild(server.db, newsroom, { title: 'Old List', slug: 'archive', pageType: 'press_release_list_page', content: {} });
      await addChild(server.db, looseList, { title: 'Only Release', slug: 'only', pageType: 'press_release_page', content: { date: '2024-03-04' } });
      const content = { ...newsroom.content, see_all_link: looseList.id };
      await publishRevision(server.db, (await saveRevision(server.db, newsroom, { ...snapshotOfPage(newsroom), content })).id);
    });

    it('finds the site press section for a list that is not under it', async () => {
      const response = await get('/news/', other.hostname);
      expect(response.body).to.match(/Back to Newsroom<\/a>/);
      expect(listedTitles(response.body)).to.deep.equal(['Only Release']);
      expect(withoutPreloaded(response.body)).to.not.include('class="pagination"');
    });

    it('leaves out Press Inquiries and Media Downloads when there are none, and links see-all to the chosen page', async () => {
      const response = await get('/newsroom/', other.hostname);
      expect(response.status).to.equal(200);
      expect(withoutPreloaded(response.body)).to.not.include('Press Inquiries');
      expect(withoutPreloaded(response.body)).to.not.include('Media Downloads');
      expect(response.body).to.include('<a class="button button--secondary" href="/news/">See All News Releases</a>');
      expect(response.body).to.include('There are no press releases yet.');
    });

    it('shows an empty list as one page with a note', async () => {
      const response = await get('/newsroom/archive/?page=5', other.hostname);
      expect(response.status).to.equal(200);
      expect(response.body).to.include('There are no press releases yet.');
      expect(response.body).to.match(/Back to Newsroom<\/a>/);
    });
  });

  describe('a site without a press section', () => {
    let bare: TestSite;
    let looseList: Page;
    before(async () => {
      bare = await createTestSite(server.db);
      looseList = await addChild(server.db, bare.home, { title: 'News', slug: 'news', pageType: 'press_release_list_page', content: {} });
      await addChild(server.db, looseList, { title: 'Lone Release', slug: 'lone', pageType: 'press_release_page', content: { date: '2025-01-02' } });
    });

    it('has no Back link on the list or a release', async () => {
      const listResponse = await get('/news/', bare.hostname);
      expect(listedTitles(listResponse.body)).to.deep.equal(['Lone Release']);
      expect(withoutPreloaded(listResponse.body)).to.not.include('press-back-link');
      const detail = await get('/news/lone/', bare.hostname);
      expect(detail.body).to.include('<time class="press-date" dateTime="2025-01-02">1.2.25</time>');
      expect(withoutPreloaded(detail.body)).to.not.include('press-release__back');
    });

    it('dates a release without a date by the day it was first published', async () => {
      const undated = await addChild(server.db, looseList, { title: 'Undated News', slug: 'undated', pageType: 'press_release_page', content: { body: '<p>x</p>' } });
      const published = undated.first_published_at!.toISOString().slice(0, 10);
      expect((await get('/news/undated/', bare.hostname)).body).to.include(`dateTime="${published}"`);
      expect(listedTitles((await get('/news/', bare.hostname)).body)).to.deep.equal(['Undated News', 'Lone Release']);
    });
  });
});
