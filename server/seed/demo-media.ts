import type { DemoPage, DemoRefs } from './demo-types';

/** A block as the seed stores it, with a stable id so re-seeding gives the same markup. */
function block(id: string, type: string, value: Record<string, unknown>): { id: string; type: string; value: Record<string, unknown> } {
  return { id, type, value };
}

/** The last day of the month after next, so the seeded coupon is printable for a while. */
function couponExpiry(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 0)).toISOString().slice(0, 10);
}

const link = (text: string, url: string, style = 'primary') => ({ text, url, style });

/**
 * The demo home page body: a chain's front page built from the image-led blocks, from the
 * harbor hero down to the latest press.
 */
export function demoHomeBody(refs: DemoRefs, pressReleases: number): unknown[] {
  const { images } = refs;
  return [
    block('home-hero', 'hero', {
      image: images['harbor-hero'],
      image_alignment: 'right',
      text_style: 'dark',
      title: 'Fresh from the harbor, every single day',
      subtitle: 'Wood-grilled fish, wild-caught shrimp and whole Maine lobster, cooked to order at Red Harbor restaurants across the US and Canada.',
      link: { url: '/menu/' },
      link_text: 'View Our Menu',
      link_style: 'primary',
    }),
    block('home-media-grid', 'media_grid', {
      heading: 'What’s new at Red Harbor',
      tiles: [
        {
          image: images['lobster-plate'],
          heading: 'Lobster Fest is back',
          link: link('See the Lobster Menu', '/menu/'),
          desktop_width: 8,
          mobile_width: 12,
        },
        { image: images['shrimp-dish'], heading: 'Garlic Shrimp Linguine', link: link('Order Now', '/menu/', 'secondary'), desktop_width: 4, mobile_width: 12 },
        { image: images['grilled-salmon'], heading: 'Wood-grilled salmon', desktop_width: 4, mobile_width: 6 },
        { image: images['dining-room'], heading: 'Book a table by the water', desktop_width: 4, mobile_width: 6 },
        {
          image: images['restaurant-exterior'],
          heading: 'Now open in Portland, ME',
          link: link('Find a Restaurant', '/locations-map/', 'secondary'),
          desktop_width: 4,
          mobile_width: 12,
        },
      ],
      fineprint: 'Limited time only at participating restaurants. Prices, menu items and participation may vary. Not valid with other offers.',
      fineprint_width: 8,
    }),
    block('home-fresh-catch', 'fresh_catch_feature', {
      heading: 'Today’s Fresh Catch',
      intro: 'Our fishmongers buy whole fish at the dock every morning and hand-cut every fillet in our kitchens. Here’s what came in today.',
      fish: [
        { name: 'Atlantic Salmon', origin: 'Bay of Fundy, New Brunswick', preparation: 'Wood-grilled with lemon-herb butter' },
        { name: 'Rainbow Trout', origin: 'Snake River, Idaho', preparation: 'Pan-seared with toasted almonds' },
        { name: 'Mahi-Mahi', origin: 'Pacific coast, Ecuador', preparation: 'Blackened or wood-grilled' },
        { name: 'Sea Scallops', origin: 'Georges Bank, Massachusetts', preparation: 'Seared, with garlic butter' },
        { name: 'Snow Crab Legs', origin: 'Bering Sea, Alaska', preparation: 'Steamed, a full pound' },
        { name: 'Swordfish', origin: 'Gulf of Maine', preparation: 'Char-grilled steak, citrus salsa' },
      ],
      image: images['grilled-salmon'],
      link: link('See the Full Menu', '/menu/'),
    }),
    block('home-two-column-feature', 'two_column_feature', {
      image: images['dining-room'],
      image_side: 'right',
      eyebrow: 'Dine with us',
      heading: 'A seat by the water, wherever you are',
      text: '<p>Every Red Harbor is built to feel like an afternoon on the wharf: big windows, reclaimed wood and the smell of biscuits fresh from the oven.</p><p>Walk in, join the wait list from your phone, or reserve a table for your next celebration.</p>',
      link: link('Find a Restaurant', '/locations-map/'),
    }),
    block('home-gift-cards', 'gift_cards_feature', {
      heading: 'Give the gift of seafood',
      text: '<p>Red Harbor gift cards never expire and are welcome at every restaurant in the US and Canada. Send an e-gift in minutes, or pick up a card on your next visit.</p>',
      image: images['lobster-plate'],
      link: link('Buy Gift Cards', 'https://gifts.redharbor.example/'),
      secondary_link: link('Check Your Balance', 'https://gifts.redharbor.example/balance', 'secondary'),
    }),
    block('home-coupon', 'printable_coupon', {
      heading: '$5 off two adult entrées',
      coupon_image: images['shrimp-dish'],
      expires_on: couponExpiry(new Date()),
      fineprint:
        'Present this coupon to your server before ordering. One coupon per table per visit. Dine-in only at participating US restaurants. Not valid with other offers, discounts or on holidays. No cash value.',
    }),
    block('home-link-row', 'link_row', {
      heading: 'Explore the menu',
      links: [
        { image: images['lobster-plate'], text: 'Lobster', link: { url: '/menu/' } },
        { image: images['shrimp-dish'], text: 'Shrimp', link: { url: '/menu/' } },
        { image: images['grilled-salmon'], text: 'Fresh Fish', link: { url: '/menu/' } },
        { image: images['dining-room'], text: 'Catering', link: { url: '/catering/' } },
      ],
      fineprint: 'Menu items and prices vary by restaurant.',
    }),
    block('home-social-grid', 'social_grid', {
      heading: 'Share your catch',
      intro: 'Tag your photos #RedHarborCatch for a chance to be featured.',
      posts: [
        {
          image: images['lobster-plate'],
          caption: 'Birthday lobster for the win! Thanks to our server Jess for the extra butter.',
          network: 'instagram',
          url: 'https://www.instagram.com/redharbor.example',
        },
        {
          image: images['restaurant-exterior'],
          caption: 'Doors open at our newest harbor-side restaurant in Portland, Maine.',
          network: 'facebook',
          url: 'https://www.facebook.com/redharbor.example',
        },
        { image: images['shrimp-dish'], caption: 'Garlic shrimp linguine, twirled to perfection.', network: 'tiktok', url: 'https://www.tiktok.com/@redharbor.example' },
        { image: images['harbor-hero'], caption: 'Sunrise at the dock, where the day’s catch comes in.', network: 'pinterest', url: 'https://www.pinterest.com/redharbor_example' },
      ],
      follow_link: link('Follow @redharbor', 'https://www.instagram.com/redharbor.example', 'secondary'),
    }),
    block('home-article-grid', 'article_preview_grid', {
      heading: 'In the news',
      // The newest press releases, each card linking to its release.
      source_page: pressReleases,
      articles: [],
      limit: 3,
      see_all: null,
    }),
  ];
}

/** Demo pages showing the rest of the image-led blocks: gift cards and offers, and private dining. */
export function demoMediaPages(refs: DemoRefs): DemoPage[] {
  const { images } = refs;
  return [
    {
      title: 'Gift Cards & Offers',
      slug: 'gift-cards-offers',
      pageType: 'content_page',
      showInMenus: true,
      searchDescription: 'Red Harbor gift cards, e-gifts and printable coupons for your next seafood dinner.',
      content: {
        confirmation: [],
        body: [
          block('offers-two-column-hero', 'two_column_hero', {
            image: images['lobster-plate'],
            image_side: 'right',
            color_scheme: 'lobster',
            title: 'Share a seafood feast',
            text: '<p>Gift cards for birthdays, thank-yous and every holiday in between, delivered by email in minutes or by mail in a gift box.</p>',
            links: [link('Send an E-Gift', 'https://gifts.redharbor.example/egift'), link('Buy Plastic Cards', 'https://gifts.redharbor.example/', 'secondary')],
            fineprint: 'Gift cards are redeemable at Red Harbor restaurants in the US and Canada.',
          }),
          block('offers-coupon', 'printable_coupon', {
            heading: 'Free Cheddar Harbor Biscuits to go',
            coupon_image: images['dining-room'],
            expires_on: couponExpiry(new Date()),
            fineprint: 'A half dozen biscuits with any to-go order of $25 or more. One per guest. Participating restaurants only.',
          }),
          block('offers-image-link', 'image_link', {
            image: images['restaurant-exterior'],
            text: 'Find a Red Harbor near you',
            link: { url: '/locations-map/' },
          }),
          block('offers-full-width-media', 'full_width_media', {
            image: images['harbor-hero'],
            heading: 'Join the Harbor Club',
            text: 'Sign up for emails and get a free appetizer, first looks at new dishes and a birthday treat.',
            link: link('Sign Up', '/email-signup/'),
            text_style: 'light',
          }),
        ],
      },
    },
    {
      title: 'Private Dining',
      slug: 'private-dining',
      pageType: 'content_page',
      showInMenus: false,
      searchDescription: 'Private rooms and set menus for rehearsal dinners, team lunches and family celebrations.',
      content: {
        confirmation: [],
        body: [
          block('private-two-column-hero', 'two_column_hero', {
            image: images['dining-room'],
            image_side: 'left',
            color_scheme: 'navy',
            title: 'Your table, your party',
            text: '<p>Private rooms, set menus from the raw bar to dessert, and an event coordinator who handles the details.</p>',
            links: [link('Plan an Event', 'mailto:events@redharbor.example'), link('See the Menu', '/menu/', 'secondary')],
          }),
          block('private-contact', 'contact_details', {
            heading: 'Book your private room',
            text: '<p>Tell us the date and the size of your party, and we will find the Red Harbor with the right room.</p>',
            show_hours: true,
            show_private_dining: true,
          }),
          block('private-feature-image', 'feature_image', {
            image: images['lobster-plate'],
            caption: 'The Captain’s Table menu: a whole steamed lobster for every guest.',
            link: link('See Event Menus', '/catering/', 'text-link'),
            container_width: 'full',
          }),
          block('private-two-column-feature', 'two_column_feature', {
            image: images['shrimp-dish'],
            image_side: 'left',
            eyebrow: 'Set menus',
            heading: 'Three courses, no guesswork',
            text: '<p>Choose a starter, an entrée and a dessert for the table, or build a family-style spread of shrimp, salmon and sides.</p>',
            link: link('Download Menus', refs.menuDownloadUrl, 'secondary'),
          }),
          block('private-image', 'image', {
            image: images['grilled-salmon'],
            title: 'Wood-grilled salmon, plated for a rehearsal dinner in Annapolis.',
            container_width: 'twoThirds',
          }),
          block('private-image-link', 'image_link', {
            image: images['dining-room'],
            text: 'Take a look at our catering menu',
            link: { url: '/catering/' },
          }),
          block('private-full-width-media', 'full_width_media', {
            image: images['restaurant-exterior'],
            text_style: 'light',
          }),
        ],
      },
    },
  ];
}
