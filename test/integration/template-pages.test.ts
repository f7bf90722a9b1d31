import { expect } from 'chai';
import { addChild } from '../../server/models/pages';
import { createTestSite, type TestSite } from '../support/fixtures';
import { preloadedOf, withoutPreloaded } from '../support/preloaded';
import { request, startTestServer, type TestServer } from '../support/server';

const richText = (id: string, html: string) => ({ type: 'rich_text', id, value: { html } });

describe('contact, signup, redirect, utility and locations pages through the server', () => {
  let server: TestServer;
  let site: TestSite;

  before(async () => {
    server = await startTestServer();
    site = await createTestSite(server.db, { settings: { brandName: 'Red Harbor', nationalPhone: '1-800-555-0199' } });
  });
  after(() => server.close());

  const get = (urlPath: string) => request(server, urlPath, { host: site.hostname });

  it('serves the contact page with its body and the Send Us a Message section', async () => {
    await addChild(server.db, site.home, {
      title: 'Contact Us',
      slug: 'contact-us',
      pageType: 'contact_us_page',
      content: { body: [richText('c1', '<p>We read every message.</p>')], form_intro: 'All fields are required.' },
    });
    const response = await get('/contact-us/');
    expect(response.status).to.equal(200);
    expect(preloadedOf(response.body).template).to.equal('contact us');
    expect(response.body).to.include('<p>We read every message.</p>');
    expect(response.body).to.include('Send Us a Message</h2>');
    expect(response.body).to.include('All fields are required.');
  });

  it('serves the landing pages with body and confirmation, kept out of search engines', async () => {
    await addChild(server.db, site.home, {
      title: 'Thanks',
      slug: 'contact-thanks',
      pageType: 'contact_us_landing_page',
      content: { body: [richText('b', '<p>Meanwhile, see the menu.</p>')], confirmation: [richText('c', '<p>We received your message.</p>')] },
    });
    const response = await get('/contact-thanks/');
    expect(preloadedOf(response.body).template).to.equal('contact us landing page');
    expect(response.body).to.include('<meta name="robots" content="noindex">');
    expect(response.body).to.include('<p>Meanwhile, see the menu.</p>');
    expect(response.body).to.include('<p>We received your message.</p>');
  });

  it('links the signup help to a live page before its URL, and sanitizes the legal text', async () => {
    const faq = await addChild(server.db, site.home, { title: 'FAQ', slug: 'faq', pageType: 'blank_page', content: {} });
    const draft = await addChild(server.db, site.home, { title: 'Unsubscribe (draft)', slug: 'unsubscribe-draft', pageType: 'blank_page', live: false, content: {} });
    await addChild(server.db, site.home, {
      title: 'Sign Up',
      slug: 'sign-up',
      pageType: 'email_signup_page',
      content: {
        body: [richText('b', '<p>Lobsterfest first.</p>')],
        pre_form_content: [richText('p', '<p>Tell us about you.</p>')],
        legal_text: '<p>You can unsubscribe at any time.<img src=x onerror="steal()"></p>',
        faq_page: faq.id,
        faq_url: 'https://help.example.com/',
        unsubscribe_page: draft.id,
        unsubscribe_url: '/email/unsubscribe/',
      },
    });
    const response = await get('/sign-up/');
    expect(response.status).to.equal(200);
    expect(preloadedOf(response.body).template).to.equal('email signup');
    expect(response.body).to.include('<p>Tell us about you.</p>');
    expect(response.body).to.include('<p>You can unsubscribe at any time.</p>');
    expect(withoutPreloaded(response.body)).to.not.include('steal()');
    expect(response.body).to.include('<a class="button button--text-link" href="/faq/">Browse FAQ</a>');
    expect(response.body).to.include('<a class="button button--text-link" href="/email/unsubscribe/">Unsubscribe</a>');
  });

  it('serves the signup landing page with confirmation, legal text and links', async () => {
    await addChild(server.db, site.home, {
      title: 'Welcome',
      slug: 'welcome',
      pageType: 'email_signup_landing_page',
      content: { confirmation: [richText('c', '<p>You are on the list.</p>')], legal_text: '<p>Legal.</p>', unsubscribe_url: '/email/unsubscribe/', faq_url: '' },
    });
    const response = await get('/welcome/');
    expect(preloadedOf(response.body).template).to.equal('email signup landing page');
    expect(response.body).to.include('<p>You are on the list.</p>');
    expect(response.body).to.include('<p>Legal.</p>');
    expect(response.body).to.include('>Unsubscribe</a>');
    expect(withoutPreloaded(response.body)).to.not.include('Browse FAQ');
  });

  it('renders a redirect page as the shell around a main holding only its hidden title', async () => {
    await addChild(server.db, site.home, { title: 'Gift Cards', slug: 'gift-cards', pageType: 'redirect_page', content: { redirect_to_url: 'https://gifts.example.com/' } });
    const response = await get('/gift-cards/');
    expect(response.status).to.equal(200);
    expect(preloadedOf(response.body).template).to.equal('redirect');
    expect(response.body).to.match(/<main id="main-content" tabindex="-1"><h1 class="visually-hidden">Gift Cards<\/h1><\/main>/);
    expect(response.body).to.include('<title>Gift Cards</title>');
  });

  it('paints a utility page in its background style', async () => {
    await addChild(server.db, site.home, {
      title: 'Military Monday',
      slug: 'military-monday',
      pageType: 'utility_page',
      content: { background_style: 'military-monday', body: [richText('b', '<p>10% off every Monday.</p>')] },
    });
    const response = await get('/military-monday/');
    expect(response.body).to.include('<div class="template-utility bg-military-monday">');
    expect(response.body).to.include('<p>10% off every Monday.</p>');
  });

  it('refuses a utility page whose background style is not one of the six', async () => {
    await addChild(server.db, site.home, { title: 'Neon', slug: 'neon', pageType: 'utility_page', content: { background_style: 'neon' } });
    expect((await get('/neon/')).status).to.equal(500);
  });

  it('serves the locations directory pages with what the tree knows', async () => {
    const us = await addChild(server.db, site.home, { title: 'US Locations', slug: 'us', pageType: 'locations_state_list_page', content: { country: 'United States' } });
    await addChild(server.db, site.home, { title: 'Canada', slug: 'ca', pageType: 'locations_state_list_page', content: {} });
    await addChild(server.db, us, { title: 'Orlando', slug: 'orlando', pageType: 'locations_city_page', content: { city: 'Orlando', state: 'FL' } });
    await addChild(server.db, site.home, { title: 'Find a Location', slug: 'locations', pageType: 'locations_map_page', content: {} });
    await addChild(server.db, site.home, { title: 'Orlando Downtown', slug: 'orlando-downtown', pageType: 'location_page', content: { rlid: 42 } });

    const states = await get('/us/');
    expect(states.body).to.include('All United States Locations</h1>');
    expect(states.body).to.include('Select a state to find a local Red Harbor');
    expect(states.body).to.include('<a class="locations-hero__link" href="/ca/">See Canada Locations</a>');

    const city = await get('/us/orlando/');
    expect(city.body).to.include('<h1 class="locations-hero__title">Orlando, FL</h1>');
    expect(city.body).to.include('<a class="locations-hero__link" href="/us/">More United States Locations</a>');

    const map = await get('/locations/');
    expect(map.body).to.include('Find a different Red Harbor</h1>');
    expect(withoutPreloaded(map.body)).to.not.include('Please enter a valid city, state, or ZIP code.');
    // A place no geocoder knows: a real one ('Atlantis', in Florida) finds whatever locations other tests left within reach.
    const searched = await get('/locations/?q=Sunken+City+of+Atlantis');
    expect(searched.body).to.include('value="Sunken City of Atlantis"');
    expect(withoutPreloaded(searched.body)).to.include('Please enter a valid city, state, or ZIP code.');

    const location = await get('/orlando-downtown/');
    expect(location.body).to.include('<h1 class="page-title">Orlando Downtown</h1>');
    expect(location.body).to.include('<a href="/locations/">Find a different Red Harbor</a>');
    expect(location.body).to.include('1-800-555-0199');
  });
});
