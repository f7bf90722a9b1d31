import type { StreamValue } from '../blocks/stream';
import type { DemoSnippets } from './demo-snippets';
import type { DemoPage, DemoRefs } from './demo-types';

type DemoBlock = StreamValue[number];

const block = (id: string, type: string, value: Record<string, unknown>): DemoBlock => ({ id, type, value });

const link = (text: string, url: string, style: 'primary' | 'secondary' | 'text-link' = 'primary') => ({ text, url, page: null, style });

const contentPage = (title: string, slug: string, searchDescription: string, body: DemoBlock[]): DemoPage => ({
  title,
  slug,
  pageType: 'content_page',
  searchDescription,
  content: { body, confirmation: [] },
});

function faqPage(toolboxSnippetId: number): DemoPage {
  return contentPage('Frequently Asked Questions', 'faq', 'Answers about reservations, allergens, gift cards, catering and Red Harbor Rewards.', [
    block('faq-intro', 'rich_text', {
      alignment: 'left',
      html: '<p>Planning a visit, ordering for a crowd or checking on your rewards? Start here.</p>',
    }),
    block('faq-1', 'faqs', {
      heading: 'Visiting and ordering',
      layout: 'two-column',
      faqs: [
        {
          question: 'Do you take reservations?',
          answer:
            '<p>Yes. Most Red Harbor restaurants take reservations for parties of up to 12. Choose your restaurant in the location finder and press <strong>Reserve a Table</strong>. Where reservations are not offered, you can join the wait list online before you leave home.</p>',
        },
        {
          question: 'How does the online wait list work?',
          answer:
            '<p>Join from your restaurant\u2019s page and we will text you when your table is almost ready. Please check in with the host within 15 minutes of the text so we can hold your table.</p>',
        },
        {
          question: 'Where can I find allergen information?',
          answer:
            '<p>Our allergen guide lists the nine major food allergens for every dish, including shellfish, fish, milk, eggs, wheat and sesame. Please tell your server about any allergy: our kitchens handle shellfish and other allergens, so we cannot guarantee any dish is free of them.</p>',
        },
        {
          question: 'Do you have a gluten-sensitive menu?',
          answer: '<p>Yes. Wood-grilled fish, steamed lobster and many sides can be prepared for guests avoiding gluten. Ask for the gluten-sensitive menu at any restaurant.</p>',
        },
        {
          question: 'Can I order for pick-up or delivery?',
          answer: '<p>Order online for curbside pick-up, to go, or delivery where available. Your order is cooked when you place it, and we will tell you when it is ready.</p>',
        },
        {
          question: 'Where can I buy gift cards?',
          answer:
            '<p>Gift cards are sold at every restaurant and online, as plastic cards or eGift cards delivered by email. They never expire and can be used for dine-in, to-go and online orders.</p>',
        },
        {
          question: 'How do I check my gift card balance?',
          answer: '<p>Enter the card number and PIN on our gift card page, or ask your server to check it when you pay.</p>',
        },
        {
          question: 'How far ahead should I order catering?',
          answer:
            '<p>We ask for 24 hours\u2019 notice for orders of up to 50 guests and 72 hours for larger events. Call our catering team for same-day requests and we will do what we can.</p>',
        },
        {
          question: 'How do I join Red Harbor Rewards?',
          answer: '<p>Sign up online or in the app in about a minute. You earn one point per dollar on dine-in and online orders, and a free appetizer when you join.</p>',
        },
        {
          question: 'I forgot to scan my rewards at the restaurant. Can I still get points?',
          answer:
            '<p>Yes. Send us the check number, restaurant and date within 30 days through the contact form, choose <em>My Rewards</em>, and we will add the points to your account.</p>',
        },
      ],
    }),
    block('faq-2', 'faqs', {
      heading: 'Private dining and events',
      layout: 'one-column',
      faqs: [
        {
          question: 'Do your restaurants have private dining rooms?',
          answer:
            '<p>Many do, with set menus for birthdays, rehearsal dinners and team celebrations. See <a href="/private-dining/">Private Dining</a> for room sizes, or call Guest Relations and we will find the restaurant with the right room.</p>',
        },
        {
          question: 'Can I bring my own cake?',
          answer: '<p>Of course. There is no charge for bringing a celebration cake, and we are happy to keep it in the cooler until dessert.</p>',
        },
      ],
    }),
    block('faq-contact', 'contact_details', {
      heading: 'Still have a question?',
      text: '<p>Guest Relations can help with reservations, catering, private dining and your rewards.</p>',
      show_hours: true,
      show_private_dining: true,
    }),
    block('faq-allergy-notice', 'toolbox_snippet', { snippet: toolboxSnippetId }),
  ]);
}

function historyPage(refs: DemoRefs): DemoPage {
  return contentPage('Our History', 'our-history', 'From a twelve-table seafood shack in 1978 to Red Harbor restaurants across North America.', [
    block('history-timeline', 'timeline', {
      layout: 'alternating',
      header:
        '<h2>Nearly fifty years on the waterfront</h2><p>Every Red Harbor still runs on the idea that started it all: fresh seafood, cooked to order and served like you are family.</p>',
      events: [
        {
          year: '1978',
          content: '<p>Brothers Tom and Danny Ruiz open a twelve-table seafood shack on Pier 9 in Portland, Maine, buying straight from the boats that tie up outside.</p>',
          image: refs.images['restaurant-exterior'],
        },
        {
          year: '1983',
          content: '<p>Danny\u2019s mother\u2019s recipe becomes the Cheddar Harbor Biscuit. The first batch sells out before the lunch rush is over.</p>',
        },
        {
          year: '1991',
          content: '<p>Our 50th restaurant opens in Annapolis, and the Lobsterfest menu makes its debut every spring.</p>',
          image: refs.images['lobster-plate'],
        },
        {
          year: '1998',
          content: '<p>Red Harbor crosses the border with its first Canadian restaurant, on the harbor front in Halifax, Nova Scotia.</p>',
        },
        {
          year: '2006',
          content: '<p>We pledge to buy only seafood that meets independent sustainability standards, and begin tracing every species back to its fishery or farm.</p>',
        },
        {
          year: '2012',
          content: '<p>The wood-fired grill arrives in every kitchen, and Wood-Grilled Salmon becomes our best-selling entr\u00e9e.</p>',
          image: refs.images['grilled-salmon'],
        },
        {
          year: '2019',
          content: '<p>Red Harbor Rewards launches. Members earn points on every visit, and a free appetizer on their birthday.</p>',
        },
        {
          year: '2026',
          content: '<p>Our new harbor-view dining rooms open with bigger windows, an oyster bar and a Fresh Catch board that changes twice a day.</p>',
          image: refs.images['dining-room'],
        },
      ],
      footer: '<p>The story continues at a Red Harbor near you. <a href="/why-red-harbor/">See what makes us different</a>.</p>',
    }),
  ]);
}

function whyPage(refs: DemoRefs): DemoPage {
  return contentPage('Why Red Harbor', 'why-red-harbor', 'Fresh catch, responsible sourcing, scratch cooking and catering that feeds a crowd.', [
    block('why-alert', 'alert_banner', {
      message: '<p><strong>Lobsterfest is back!</strong> Whole Maine lobster, lobster linguine and more, through May 31 at participating restaurants.</p>',
      link: link('See the menu', '/menu/', 'secondary'),
      style: 'lobster',
    }),
    block('why-intro', 'rich_text', {
      alignment: 'left',
      html: '<p>We have served seafood since 1978, and we still do it the harbor way: buy it fresh, cook it to order and never rush a guest out the door. Here is what that means at every Red Harbor.</p>',
    }),
    block('why-nav-promise', 'scroll_nav_menu_item', { title: 'Our Promise', sort_order: 10, anchor: 'our-promise' }),
    block('why-tabs', 'tabbed_features', {
      header_content: '<p>Four promises every Red Harbor kitchen makes, every day.</p>',
      tabs: [
        {
          tab_name: 'Fresh Catch',
          content:
            '<h3>On the board by 11 a.m.</h3><p>Our fishmongers buy whole fish each morning and cut it in our kitchens. The Fresh Catch board lists what came in today, and your server can tell you where it was caught.</p>',
          image: refs.images['grilled-salmon'],
          link: link('Today\u2019s menu', '/menu/'),
        },
        {
          tab_name: 'Responsibly Sourced',
          content:
            '<h3>Seafood for the next fifty years</h3><p>We buy from fisheries and farms that meet independent sustainability standards, and we trace every species we serve back to where it was caught or raised.</p>',
          image: refs.images['shrimp-dish'],
          link: link('Our sourcing story', '/our-story/', 'secondary'),
        },
        {
          tab_name: 'Made From Scratch',
          content:
            '<h3>Biscuits every hour</h3><p>Cheddar Harbor Biscuits come out of the oven every hour, and our chowder, sauces and dressings are made in each restaurant\u2019s kitchen every morning.</p>',
          image: refs.images['lobster-plate'],
        },
        {
          tab_name: 'Harbor Hospitality',
          content:
            '<h3>Like a day at the shore</h3><p>Our crews are trained to welcome you like a neighbor, from the first hello to the last biscuit, whether you are here for a quick lunch or a big celebration.</p>',
          image: refs.images['dining-room'],
          link: link('Join our crew', '/careers/', 'secondary'),
        },
      ],
    }),
    block('why-nav-favorites', 'scroll_nav_menu_item', { title: 'Menu Favorites', sort_order: 20, anchor: 'menu-favorites' }),
    block('why-grid', 'content_grid', {
      heading: '',
      container_width: 'full',
      items: [
        {
          title: 'Steamed Maine Lobster',
          text: 'A whole 1\u00bc lb lobster, steamed to order and served with drawn butter and lemon.',
          image: refs.images['lobster-plate'],
          link: link('View the lobster menu', '/menu/', 'text-link'),
        },
        {
          title: 'Garlic Shrimp Linguine',
          text: 'Wild-caught shrimp in a garlic butter and white wine sauce with fresh tomatoes and parsley.',
          image: refs.images['shrimp-dish'],
          link: link('View pastas', '/menu/', 'text-link'),
        },
        {
          title: 'Wood-Grilled Salmon',
          text: 'Atlantic salmon over an oak fire, with grilled asparagus and a lemon-herb glaze.',
          image: refs.images['grilled-salmon'],
          link: link('View the grill', '/menu/', 'text-link'),
        },
      ],
    }),
    block('why-nav-catering', 'scroll_nav_menu_item', { title: 'Catering', sort_order: 30, anchor: 'catering' }),
    block('why-catering', 'accordion_feature', {
      heading: 'Catering that feeds a crowd',
      intro: '<p>From office lunches to backyard graduations, we pack it, label it and have it ready on time.</p>',
      image: refs.images['shrimp-dish'],
      image_position: 'right',
      accordions: [
        {
          default_content: 'How much notice do you need?',
          hidden_content: '<p>24 hours for up to 50 guests, 72 hours for larger orders. Call us for anything sooner.</p>',
        },
        {
          default_content: 'Do you deliver and set up?',
          hidden_content: '<p>Yes, within 15 miles of most restaurants. Our team sets up the buffet and leaves serving utensils, plates and napkins.</p>',
        },
        {
          default_content: 'Can you handle dietary needs?',
          hidden_content: '<p>We label every tray and can make gluten-sensitive and shellfish-free trays on request.</p>',
        },
      ],
      link: link('Start a catering order', '/catering/'),
    }),
    block('why-table', 'table', {
      caption: 'Catering packages',
      header: ['Package', 'Serves', 'Includes', 'Price'],
      rows: [
        ['Harbor Sampler', '10\u201312', 'Shrimp cocktail platter, Caesar salad, 24 Cheddar Harbor Biscuits', '$149'],
        ['Wood-Grill Buffet', '20\u201325', 'Grilled salmon and chicken, rice pilaf, seasonal vegetables, salad, biscuits', '$389'],
        ['Lobster Bake', '20\u201325', 'Lobster tails, snow crab, corn, red potatoes, coleslaw, biscuits', '$649'],
        ['Dessert Add-On', '20', 'Key lime pie and chocolate wave cake, cut and plated', '$79'],
      ],
      first_column_is_header: true,
      container_width: 'full',
    }),
    block('why-nav-visit', 'scroll_nav_menu_item', { title: 'Good to Know', sort_order: 40, anchor: 'good-to-know' }),
    block('why-accordion', 'accordion', {
      heading: '',
      image: refs.images['restaurant-exterior'],
      accordions: [
        {
          default_content: 'Kids eat well here',
          hidden_content: '<p>Every kids\u2019 meal comes with a side, a drink and a scoop of ice cream, and kids under 12 eat free on Tuesdays with an adult entr\u00e9e.</p>',
        },
        {
          default_content: 'Private dining rooms',
          hidden_content:
            '<p>Many restaurants have a private room with set menus for birthdays, rehearsal dinners and team celebrations. <a href="/private-dining/">Plan a private event</a></p>',
        },
        {
          default_content: 'Accessible restaurants',
          hidden_content: '<p>Every restaurant has step-free entry, accessible restrooms and large-print and braille menus on request.</p>',
        },
        {
          default_content: 'Allergen guide',
          hidden_content: '<p>Ask for the allergen guide or see our <a href="/faq/">FAQ</a>. Please tell your server about any allergy before you order.</p>',
        },
      ],
    }),
    block('why-rewards', 'custom_background_wrapper', {
      background_image: refs.images['harbor-hero'],
      background_style: null,
      container_width: 'full',
      content: [
        block('why-rewards-heading', 'heading', { text: 'Join Red Harbor Rewards', level: 'h2', alignment: 'center' }),
        block('why-rewards-text', 'rich_text', {
          alignment: 'center',
          html: '<p>Earn a point for every dollar, get a free appetizer when you join and a birthday dessert on us. <a href="/faq/">How rewards work</a></p>',
        }),
        block('why-rewards-perks', 'content_grid', {
          heading: '',
          container_width: 'full',
          items: [
            { title: 'Free appetizer', text: 'Yours with your first visit after you sign up.', image: null, link: null },
            { title: 'Birthday dessert', text: 'Key lime pie or chocolate wave cake, on us.', image: null, link: null },
            { title: 'Members-first offers', text: 'Early access to Lobsterfest and seasonal menus.', image: null, link: null },
          ],
        }),
      ],
    }),
  ]);
}

/** The terms the email signup form's 'Terms and Conditions' checkbox links to. */
export const TERMS_PAGE: DemoPage = contentPage('Terms and Conditions', 'terms-and-conditions', 'The terms of Red Harbor emails, offers, gift cards and this website.', [
  block('terms-intro', 'rich_text', {
    alignment: 'left',
    html: '<p>These terms apply to the Red Harbor website, our emails and the offers we send. By using the site or signing up for email you agree to them. Red Harbor Restaurants, LLC may update these terms; the version on this page is the one in force.</p>',
  }),
  block('terms-email', 'heading', { text: 'Email offers', level: 'h2', alignment: 'left' }),
  block('terms-email-text', 'rich_text', {
    alignment: 'left',
    html: '<ul><li>You must be 13 or older to sign up for Red Harbor emails.</li><li>Offers are valid at participating restaurants in the US and Canada, one per table per visit, and cannot be combined with other offers, exchanged for cash or sold.</li><li>Birthday offers are sent in the month you gave us and are valid for 30 days.</li><li>You can unsubscribe at any time from the link in every email or on the <a href="/email-preferences/">Email Preferences</a> page; it can take up to 5 days to take effect.</li></ul>',
  }),
  block('terms-gift-cards', 'heading', { text: 'Gift cards', level: 'h2', alignment: 'left' }),
  block('terms-gift-cards-text', 'rich_text', {
    alignment: 'left',
    html: '<p>Gift cards never expire, carry no fees and are redeemable for food and beverages at Red Harbor restaurants in the US and Canada. They are not redeemable for cash except where the law requires it. Treat a gift card like cash: we cannot replace it if it is lost or stolen.</p>',
  }),
  block('terms-privacy', 'heading', { text: 'Your information', level: 'h2', alignment: 'left' }),
  block('terms-privacy-text', 'rich_text', {
    alignment: 'left',
    html: '<p>We use the details you give us to send the emails you asked for and to improve our restaurants. We never sell your personal information. To see, correct or delete what we hold about you, write to Guest Relations through the <a href="/contact-us/">Contact Us</a> form.</p>',
  }),
]);

function siteMapPage(tieredNavigationId: number): DemoPage {
  return contentPage('Site Map', 'site-map', 'Every page of the Red Harbor website.', [
    block('sitemap-tiered', 'tiered_nav', { heading: '', navigation: tieredNavigationId, root_page: null }),
    block('sitemap-tree', 'sitemap', { heading: 'All pages' }),
  ]);
}

/** The text and structure blocks' demo pages: FAQ, history, "Why Red Harbor" and the site map. */
export function demoTextPages(refs: DemoRefs, snippets: DemoSnippets): DemoPage[] {
  return [faqPage(snippets.toolboxSnippetId), historyPage(refs), whyPage(refs), siteMapPage(snippets.tieredNavigationId)];
}
