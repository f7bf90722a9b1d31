import { expect } from 'chai';
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RenderedBlock } from '../../client/blocks/types';
import { formatShortDate } from '../../client/lib/format-date';
import { PageContextProvider } from '../../client/lib/page-context';
import type { PageContext } from '../../client/lib/page-data';
import ContactUs from '../../client/templates/ContactUs';
import ContactUsLanding from '../../client/templates/ContactUsLanding';
import EmailSignup from '../../client/templates/EmailSignup';
import EmailSignupLanding from '../../client/templates/EmailSignupLanding';
import LocationsList from '../../client/templates/LocationsList';
import LocationsMap from '../../client/templates/LocationsMap';
import { locationLetter, type MapListEntry } from '../../client/lib/map-list';
import { testLocationAt } from '../support/locations';
import LocationsStateList from '../../client/templates/LocationsStateList';
import PressRelease from '../../client/templates/PressRelease';
import PressReleaseList, { type PressReleaseListProps } from '../../client/templates/PressReleaseList';
import PressSection, { type PressSectionProps } from '../../client/templates/PressSection';
import RedirectPage from '../../client/templates/RedirectPage';
import SingleLocation, { type LocationDetail } from '../../client/templates/SingleLocation';
import UtilityPage from '../../client/templates/UtilityPage';
import { BACKGROUND_STYLES, backgroundClassName } from '../../client/lib/background-styles';
import type { SerializedForm, SerializedFormSet } from '../../client/lib/server-forms';
import { testDb } from '../support/database';
import { builtinCaptcha } from '../../server/captcha/builtin';
import { contactFormFor } from '../../server/forms/contact-form';
import { serializeForm } from '../../server/forms/form';
import { serializeFormSet } from '../../server/forms/form-set';
import { occasionsFormSet, signupFormFor } from '../../server/forms/signup-form';

const CONTEXT: PageContext = {
  SENTRY_DSN: null,
  CI_COMMIT_SHA: 'test',
  CI_COMMIT_REF_SLUG: 'test',
  i18n: { language: { code: 'en-us' }, catalog: {} },
  csrf_token: 'token',
  request: { url: 'http://harbor.test/' },
  site: {
    brandName: 'Red Harbor',
    tagline: '',
    nationalPhone: '1-800-555-0199',
    accountLoginUrl: '/account/login?returnUrl=/',
    menu: [],
    header: null,
    footer: null,
    accessibilityServiceUrl: null,
    locatorUrl: null,
    googleMapsApiKey: null,
  },
};

/** Renders a template inside the page context, as the shell does. */
function render<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToStaticMarkup(createElement(PageContextProvider, { value: CONTEXT, children: createElement(component, props) }));
}

const richText = (id: string, html: string): RenderedBlock => ({ type: 'rich_text', id, props: { html, alignment: 'left' } });
const image = (src: string) => ({ src, width: 640, height: 360, alt: 'Steamed lobster' });

describe('press date format (SPEC §9)', () => {
  it('writes M.d.yy without leading zeros, whatever the time zone', () => {
    expect(formatShortDate('2024-03-07')).to.equal('3.7.24');
    expect(formatShortDate('2019-12-31')).to.equal('12.31.19');
    expect(formatShortDate('2000-01-01')).to.equal('1.1.00');
  });

  it('refuses anything but an ISO date or timestamp', () => {
    for (const value of ['2024-3-7', '03/07/2024', '', 'soon']) {
      expect(() => formatShortDate(value), value).to.throw(RangeError);
    }
  });
});

describe('contact and email signup templates', () => {
  let contactForm: { form: SerializedForm; location: null };
  let signupForm: { form: SerializedForm; occasions: SerializedFormSet; terms_url: string | null; confirmation_pending: boolean };
  before(async () => {
    const captcha = builtinCaptcha({ secret: 'template-test-secret-long-enough-0123456789', db: await testDb() });
    contactForm = { form: serializeForm(contactFormFor(captcha)), location: null };
    signupForm = { form: serializeForm(signupFormFor(captcha)), occasions: serializeFormSet(occasionsFormSet), terms_url: null, confirmation_pending: true };
  });

  it('contact us: title, body, then the Send Us a Message section with its intro', () => {
    const html = render(ContactUs, { title: 'Contact Us', body: [richText('b', '<p>We read every message.</p>')], form_intro: 'We answer within two days.', ...contactForm });
    expect(html).to.include('<h1 class="page-title">Contact Us</h1>');
    expect(html).to.include('<p>We read every message.</p>');
    expect(html).to.match(/<h2 id="send-us-a-message-heading"[^>]*>Send Us a Message<\/h2>/);
    expect(html.indexOf('We read every message.')).to.be.lessThan(html.indexOf('Send Us a Message'));
    expect(html).to.include('<p class="contact-form__intro">We answer within two days.</p>');
    expect(html).to.match(/<form class="server-form contact-form__form"[^>]* method="post"/);
    expect(html).to.include('All fields are required.');
  });

  it('contact us: a thank-you in place of the form once a message was sent', () => {
    const html = render(ContactUs, { title: 'Contact Us', body: [], form_intro: '', form: null, location: null });
    expect(html).to.not.include('<form');
    expect(html).to.include('Thank you for your message.');
  });

  it('contact us: leaves the intro out when there is none', () => {
    const html = render(ContactUs, { title: 'Contact Us', body: [], form_intro: '', ...contactForm });
    expect(html).to.include('Send Us a Message');
    expect(html).to.not.include('contact-form__intro');
  });

  it('contact us landing page: body and confirmation, the confirmation only when it has blocks', () => {
    const html = render(ContactUsLanding, { title: 'Thanks', body: [richText('b', '<p>Body text</p>')], confirmation: [richText('c', '<p>We got it</p>')] });
    expect(html).to.include('<h1 class="page-title">Thanks</h1>');
    expect(html).to.include('<p>Body text</p>');
    expect(html).to.match(/class="stream-field confirmation"[\s\S]*<p>We got it<\/p>/);
    expect(render(ContactUsLanding, { title: 'Thanks', body: [], confirmation: [] })).to.not.include('confirmation');
  });

  it('email signup: body, pre-form content, legal text and both help links', () => {
    const html = render(EmailSignup, {
      title: 'Sign Up',
      body: [richText('b', '<p>Body</p>')],
      pre_form_content: [richText('p', '<p>Tell us about you</p>')],
      legal_text: '<p>Unsubscribe any time.</p>',
      faq_url: '/faq/',
      unsubscribe_url: '/unsubscribe/',
      ...signupForm,
    });
    expect(html).to.include('<p>Body</p>');
    expect(html).to.include('<p>Tell us about you</p>');
    expect(html).to.include('<div class="signup-footer__legal rich-text"><p>Unsubscribe any time.</p></div>');
    expect(html).to.include('<a class="button button--text-link" href="/faq/">Browse FAQ</a>');
    expect(html).to.include('<a class="button button--text-link" href="/unsubscribe/">Unsubscribe</a>');
  });

  it('email signup: links "Terms and Conditions" in the terms label to the terms page, plain text without one', () => {
    const props = { title: 'Sign Up', body: [], pre_form_content: [], legal_text: '', faq_url: null, unsubscribe_url: null, ...signupForm };
    const linked = render(EmailSignup, { ...props, terms_url: '/terms/' });
    expect(linked).to.include('I accept the <a href="/terms/" target="_blank" rel="noopener">Terms and Conditions</a>');
    expect(render(EmailSignup, props)).to.include('I accept the Terms and Conditions<');
  });

  it('email signup: leaves out the legal text and each link that is not set', () => {
    const onlyFaq = render(EmailSignup, { title: 'Sign Up', body: [], pre_form_content: [], legal_text: '', faq_url: '/faq/', unsubscribe_url: null, ...signupForm });
    expect(onlyFaq).to.include('Browse FAQ');
    expect(onlyFaq).to.not.include('Unsubscribe');
    expect(onlyFaq).to.not.include('signup-footer__legal');
    const none = render(EmailSignup, { title: 'Sign Up', body: [], pre_form_content: [], legal_text: '', faq_url: null, unsubscribe_url: null, ...signupForm });
    expect(none).to.not.include('signup-footer');
  });

  it('email signup landing page: body, confirmation, legal text and links, and the inbox reminder only with double opt-in', () => {
    const props = {
      title: 'Welcome',
      body: [richText('b', '<p>Watch your inbox</p>')],
      confirmation: [richText('c', '<p>You are on the list</p>')],
      legal_text: '<p>Legal</p>',
      faq_url: null,
      unsubscribe_url: '/unsubscribe/',
    };
    const html = render(EmailSignupLanding, { ...props, confirmation_pending: true });
    expect(html).to.include('Check your inbox to confirm your subscription');
    expect(render(EmailSignupLanding, { ...props, confirmation_pending: false })).to.not.include('Check your inbox');
    expect(html).to.include('<p>Watch your inbox</p>');
    expect(html).to.include('<p>You are on the list</p>');
    expect(html).to.include('<p>Legal</p>');
    expect(html).to.include('href="/unsubscribe/">Unsubscribe</a>');
    expect(html).to.not.include('Browse FAQ');
  });
});

describe('redirect and utility templates', () => {
  it('redirect: shows nothing of its own, its title only as a heading for screen readers', () => {
    expect(render(RedirectPage, { title: 'Gift Cards' })).to.equal('<h1 class="visually-hidden">Gift Cards</h1>');
  });

  it('utility page: paints every background style by its class, with the title and body', () => {
    for (const style of BACKGROUND_STYLES) {
      const html = render(UtilityPage, { title: 'Military Monday', background_style: style, body: [richText('b', '<p>10% off</p>')] });
      expect(html, style).to.include(`class="template-utility ${backgroundClassName(style)}"`);
      expect(html).to.include('<h1 class="page-title">Military Monday</h1>');
      expect(html).to.include('<p>10% off</p>');
    }
  });
});

describe('press templates', () => {
  const listProps = (overrides: Partial<PressReleaseListProps> = {}): PressReleaseListProps => ({
    url: '/press/press-releases/',
    articles: [
      { id: 11, url: '/press/press-releases/lobsterfest/', title: 'Lobsterfest Returns', date: '2024-03-04' },
      { id: 12, url: '/press/press-releases/boise/', title: 'Boise Opening', date: '2019-02-12' },
    ],
    num_pages: 3,
    current_page: 2,
    press_section: { url: '/press/', title: 'Press Room' },
    ...overrides,
  });

  it('press release list: date, title and Learn More for each article, and the way back', () => {
    const html = render(PressReleaseList, listProps());
    expect(html).to.include('<h1 class="page-title">Press Releases</h1>');
    expect(html).to.include('<time class="press-date" dateTime="2024-03-04">3.4.24</time>');
    expect(html).to.include('<time class="press-date" dateTime="2019-02-12">2.12.19</time>');
    expect(html).to.include('Lobsterfest Returns');
    expect(html).to.match(/<a class="press-list__more" href="\/press\/press-releases\/lobsterfest\/" aria-describedby="press-release-11">Learn More/);
    expect(html).to.match(/<a class="press-back-link" href="\/press\/">.*Back to Press Room<\/a>/);
  });

  it('press release list: numbered pages with the current one marked, and first and last links', () => {
    const html = render(PressReleaseList, listProps());
    expect(html).to.include('<a class="pagination__page" href="/press/press-releases/" aria-label="Page 1">1</a>');
    expect(html).to.include('<a class="pagination__page" href="/press/press-releases/?page=2" aria-label="Page 2" aria-current="page">2</a>');
    expect(html).to.include('<a class="pagination__page" href="/press/press-releases/?page=3" aria-label="Page 3">3</a>');
    expect(html).to.match(/<a class="pagination__edge pagination__edge--first" href="\/press\/press-releases\/" aria-label="First page">/);
    expect(html).to.match(/<a class="pagination__edge pagination__edge--last" href="\/press\/press-releases\/\?page=3" aria-label="Last page">/);
  });

  it('press release list: on the first page the first link is not a link, and long lists show a window of pages', () => {
    const html = render(PressReleaseList, listProps({ current_page: 1, num_pages: 12 }));
    expect(html).to.match(/<span class="pagination__edge pagination__edge--first is-disabled" aria-disabled="true">/);
    expect(html).to.include('aria-label="Page 5"');
    expect(html).to.not.include('aria-label="Page 6"');
    const middle = render(PressReleaseList, listProps({ current_page: 7, num_pages: 12 }));
    expect([...middle.matchAll(/aria-label="Page (\d+)"/g)].map((match) => match[1])).to.deep.equal(['5', '6', '7', '8', '9']);
    const end = render(PressReleaseList, listProps({ current_page: 12, num_pages: 12 }));
    expect([...end.matchAll(/aria-label="Page (\d+)"/g)].map((match) => match[1])).to.deep.equal(['8', '9', '10', '11', '12']);
    expect(end).to.match(/pagination__edge--last is-disabled/);
  });

  it('press release list: no pagination for one page, no back link without a press section, a note when empty', () => {
    const html = render(PressReleaseList, listProps({ num_pages: 1, current_page: 1, press_section: null, articles: [] }));
    expect(html).to.not.include('pagination');
    expect(html).to.not.include('Back to');
    expect(html).to.include('There are no press releases yet.');
  });

  it('single press release: title, date, feature image, body and the Back button', () => {
    const html = render(PressRelease, {
      title: 'Lobsterfest Returns',
      date: '2024-03-04',
      feature_image: image('/media/images/1-aaaaaaaaaaaaaaaa.jpg'),
      copy: { html: '<p>Five new dishes.</p>' },
      press_section: { url: '/press/', title: 'Press Room' },
    });
    expect(html).to.include('<h1 class="page-title press-release__title">Lobsterfest Returns</h1>');
    expect(html).to.include('<time class="press-date" dateTime="2024-03-04">3.4.24</time>');
    expect(html).to.include('src="/media/images/1-aaaaaaaaaaaaaaaa.jpg"');
    expect(html).to.include('<p>Five new dishes.</p>');
    expect(html).to.match(/<a class="button button--secondary" href="\/press\/">.*Back to Press Room<\/a>/);
  });

  it('single press release: no figure without an image, no button without a press section', () => {
    const html = render(PressRelease, { title: 'News', date: '2024-03-04', feature_image: null, copy: { html: '<p>x</p>' }, press_section: null });
    expect(html).to.not.include('<figure');
    expect(html).to.not.include('Back to');
  });

  const sectionProps = (overrides: Partial<PressSectionProps> = {}): PressSectionProps => ({
    title: 'Press Room',
    press_releases: [
      { id: 1, url: '/press/press-releases/a/', title: 'Lobsterfest Returns', date: '2024-03-04', feature_image: image('/media/images/2-bbbbbbbbbbbbbbbb.jpg') },
      { id: 2, url: '/press/press-releases/b/', title: 'Scholarships Awarded', date: '2022-09-13', feature_image: null },
    ],
    see_all_link: { id: 5, url: '/press/press-releases/', title: 'Press Releases' },
    contact_info: '<p>press@redharbor.example</p>',
    media_download_tiles: [
      { title: 'Fact Sheet', image: image('/media/images/3-cccccccccccccccc.png'), file_extension: 'pdf', file_size: '1.5 MB', url: '/documents/7/fact-sheet.pdf' },
      { title: 'Milestones', image: null, file_extension: 'csv', file_size: '412 B', url: '/documents/8/milestones.csv' },
    ],
    ...overrides,
  });

  it('press section: title, latest releases, see-all link, inquiries and download tiles', () => {
    const html = render(PressSection, sectionProps());
    expect(html).to.include('<h1 class="press-hero__title">Press Room</h1>');
    expect(html).to.include('>Press Releases</h2>');
    expect(html).to.include('<a class="button button--secondary" href="/press/press-releases/">See All Press Releases</a>');
    expect(html).to.include('Lobsterfest Returns');
    expect(html).to.include('src="/media/images/2-bbbbbbbbbbbbbbbb.jpg"');
    expect(html).to.include('press-card__placeholder');
    expect(html).to.include('>Press Inquiries</h2>');
    expect(html).to.include('<p>press@redharbor.example</p>');
    expect(html).to.include('>Media Downloads</h2>');
    expect(html).to.include('<h3 class="download-tile__title">Fact Sheet</h3>');
    expect(html).to.include('<p class="download-tile__meta">.pdf File, 1.5 MB</p>');
    expect(html).to.include('<p class="download-tile__meta">.csv File, 412 B</p>');
    expect(html).to.match(
      /<a class="button button--secondary download-tile__link" href="\/documents\/7\/fact-sheet.pdf" download="">.*Download<span class="visually-hidden"> Fact Sheet<\/span><\/a>/,
    );
  });

  it('press section: leaves out the see-all link, inquiries and downloads when there are none', () => {
    const html = render(PressSection, sectionProps({ see_all_link: null, contact_info: null, media_download_tiles: [] }));
    expect(html).to.include('>Press Releases</h2>');
    expect(html).to.not.include('See All');
    expect(html).to.not.include('Press Inquiries');
    expect(html).to.not.include('Media Downloads');
  });
});

describe('locations templates', () => {
  it('locations list: city and state hero, the state list link, and each location with its local page', () => {
    const html = render(LocationsList, {
      city: 'Orlando',
      state: 'FL',
      country: { printable_name: 'United States' },
      state_list_url: '/locations/us/',
      locations: [
        { id: 3, line1: '100 Harbor Way', line2: 'Suite 2', city: 'Orlando', state: 'FL', postcode: '32801', url: '/seafood-restaurants/locations/fl/orlando/100-harbor-way' },
      ],
    });
    expect(html).to.include('<h1 class="locations-hero__title">Orlando, FL</h1>');
    expect(html).to.include('<a class="locations-hero__link" href="/locations/us/">More United States Locations</a>');
    expect(html).to.include('100 Harbor Way<br/>Suite 2<br/>Orlando, FL 32801');
    expect(html).to.include('View Local Page');
  });

  it('locations list: no list and no state list link when there are none', () => {
    const html = render(LocationsList, { city: 'Orlando', state: 'FL', country: { printable_name: 'United States' }, state_list_url: null, locations: [] });
    expect(html).to.not.include('More United States Locations');
    expect(html).to.not.include('location-cards');
  });

  const location: LocationDetail = {
    id: 42,
    line1: '100 Harbor Way',
    line2: null,
    city: 'Orlando',
    state: 'FL',
    postcode: '32801',
    country: 'US',
    phone: { national: '(407) 555-0100' },
    location: { lat: 28.54, lng: -81.38 },
    url: '/seafood-restaurants/locations/fl/orlando/100-harbor-way',
    map_image_url_mobile: '/maps/42-mobile.png',
    map_image_url_desktop: '/maps/42-desktop.png',
    has_online_ordering: true,
    order_url: '/order?rlid=42',
    accepts_reservations: true,
    wait_list_ready: false,
    is_temporarily_closed: false,
    services: ['Dine-In', 'Delivery'],
    opening_hours: [{ dayOfWeek: 1, open: '11:00', close: '22:00' }],
    hours: [
      { type_name: 'Operation', days: [{ day_name: 'Monday', hours: ['11:00 AM - 10:00 PM'] }] },
      { type_name: 'Delivery', days: [{ day_name: 'Monday', hours: ['4:00 PM - 9:00 PM'] }] },
    ],
  };

  it('single location: city heading, address, directions, maps, ordering, operation hours only, locator and phone', () => {
    const html = render(SingleLocation, { title: 'Orlando', location, locator_url: '/locations/map/' });
    expect(html).to.include('<h1 class="page-title">Orlando, FL</h1>');
    expect(html).to.include('100 Harbor Way<br/>Orlando, FL 32801');
    expect(html).to.include('href="https://www.google.com/maps/dir/?api=1&amp;destination=28.54,-81.38"');
    expect(html).to.include('<source media="(min-width: 841px)" srcSet="/maps/42-desktop.png"/>');
    expect(html).to.include('src="/maps/42-mobile.png"');
    expect(html).to.include('<a class="button button--primary" href="/order?rlid=42">Order Online</a>');
    expect(html).to.include('11:00 AM - 10:00 PM');
    expect(html).to.not.include('4:00 PM - 9:00 PM');
    expect(html).to.include('<a href="/locations/map/">Find a different Red Harbor</a>');
    expect(html).to.include('<a class="single-location__phone" href="tel:18005550199">1-800-555-0199</a>');
  });

  it("single location: 'Reserve a Table' when it takes reservations, else 'Join the wait list' when the wait list is ready", () => {
    expect(render(SingleLocation, { title: 'Orlando', location, locator_url: null })).to.include('>Reserve a Table</button>');
    const waitList = render(SingleLocation, { title: 'Orlando', location: { ...location, accepts_reservations: false, wait_list_ready: true }, locator_url: null });
    expect(waitList).to.include('>Join the wait list</button>');
    expect(waitList).to.not.include('Reserve a Table');
    const closed = render(SingleLocation, { title: 'Orlando', location: { ...location, is_temporarily_closed: true, order_url: null, wait_list_ready: true }, locator_url: null });
    expect(closed).to.not.include('Reserve a Table');
    expect(closed).to.not.include('Join the wait list');
    expect(closed).to.not.include('Order Online');
  });

  it('single location: without its restaurant, the page title, locator link and phone', () => {
    const html = render(SingleLocation, { title: 'Orlando Downtown', location: null, locator_url: null });
    expect(html).to.include('<h1 class="page-title">Orlando Downtown</h1>');
    expect(html).to.not.include('Get directions');
    expect(html).to.not.include('Find a different');
    expect(html).to.include('1-800-555-0199');
  });

  it('locations map: the search form with the brand, and the map column', () => {
    const html = render(LocationsMap, { query: '', origin: null, searched: false, locations: [] });
    expect(html).to.include('Find a different Red Harbor</h1>');
    expect(html).to.include('Search for a Red Harbor by city, state, or ZIP</label>');
    expect(html).to.include('placeholder="City, State, or ZIP"');
    expect(html).to.include('<button class="button button--primary" type="submit">Go</button>');
    expect(html).to.include('class="locations-map__map"');
    expect(html).to.not.include('Please enter a valid city, state, or ZIP code.');
  });

  it('locations map: a search that found nothing says so; found locations are lettered with distances', () => {
    expect(render(LocationsMap, { query: 'Nowhere', origin: null, searched: true, locations: [] })).to.include('Please enter a valid city, state, or ZIP code.');
    const entry: MapListEntry = {
      distance: 3.14159,
      location: testLocationAt(
        42,
        { latitude: 28.54, longitude: -81.38 },
        {
          address1: '100 Harbor Way',
          city: 'Orlando',
          state: 'FL',
          zip: '32801',
          phone: '(407) 555-0100',
          hasOnlineOrdering: true,
          estimatedWaitTime: '15 min',
          waitListReady: true,
          localPageURL: 'fl/orlando/100-harbor-way',
        },
      ),
    };
    const html = render(LocationsMap, {
      query: 'Orlando',
      origin: { lat: 28.5, lng: -81.4 },
      searched: true,
      locations: [entry, { ...entry, location: { ...entry.location, rlid: 43, hasOnlineOrdering: false, waitListReady: false } }],
    });
    expect(html).to.include('<span class="map-list__letter" aria-hidden="true">A</span>');
    expect(html).to.include('<span class="map-list__letter" aria-hidden="true">B</span>');
    expect(html).to.include('3.14 mi');
    expect(html.match(/Current wait: 15 min/g)).to.have.length(1);
    expect(html.match(/href="\/order\?rlid=42"/g)).to.have.length(1);
    expect(html).to.include('href="/seafood-restaurants/locations/fl/orlando/100-harbor-way/"');
    expect([0, 25, 26, 27].map(locationLetter)).to.deep.equal(['A', 'Z', 'A', 'B']);
  });

  it('locations state list: title, subtitle, other directories, and states that open to their cities', () => {
    const html = render(LocationsStateList, {
      country: { printable_name: 'United States' },
      other_directories: [{ id: 9, url: '/locations/ca/', country: { printable_name: 'Canada' } }],
      states: [{ slug: 'fl', name: 'Florida', cities: [{ slug: 'orlando', name: 'Orlando', url: '/locations/us/fl/orlando/' }] }],
    });
    expect(html).to.include('<h1 class="locations-hero__title">All United States Locations</h1>');
    expect(html).to.include('Select a state to find a local Red Harbor');
    expect(html).to.include('<a class="locations-hero__link" href="/locations/ca/">See Canada Locations</a>');
    expect(html).to.include('>United States</h2>');
    expect(html).to.include('<details class="state-directory__state"><summary>Florida</summary>');
    expect(html).to.include('<a href="/locations/us/fl/orlando/">Orlando</a>');
  });

  it('locations state list: no directory links and a note when there are no states', () => {
    const html = render(LocationsStateList, { country: { printable_name: 'Canada' }, other_directories: [], states: [] });
    expect(html).to.not.include('See ');
    expect(html).to.include('No locations are listed here yet.');
  });
});
