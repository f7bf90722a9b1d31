import type { StreamValue } from '../blocks/stream';
import type { DemoPage, DemoRefs } from './demo-types';

/** One dish of the demo menu; the price is in US dollars. */
export interface MenuDish {
  name: string;
  description: string;
  price: number;
}

/** One section of the demo menu, such as Starters or Lobster. */
export interface MenuCategory {
  name: string;
  anchor: string;
  dishes: MenuDish[];
}

/** The demo chain's menu: the Menu page's tables and the printable PDF are both made from it. */
export const DEMO_MENU: MenuCategory[] = [
  {
    name: 'Starters',
    anchor: 'starters',
    dishes: [
      { name: 'Crispy Calamari', description: 'Lightly breaded, with marinara and a spicy lemon aioli.', price: 13.49 },
      { name: 'Chilled Shrimp Cocktail', description: 'Eight jumbo shrimp with house cocktail sauce and lemon.', price: 14.99 },
      { name: 'Lobster-Artichoke Dip', description: 'Maine lobster, artichokes and three cheeses, baked and served with tortilla chips.', price: 15.49 },
      { name: 'Mussels Harbor-Style', description: 'Prince Edward Island mussels steamed in white wine, garlic and butter.', price: 14.29 },
      { name: 'Cheddar Harbor Biscuits', description: 'A half dozen of our famous biscuits, warm from the oven, with garlic butter.', price: 5.99 },
    ],
  },
  {
    name: 'Soups & Salads',
    anchor: 'soups-salads',
    dishes: [
      { name: 'New England Clam Chowder', description: 'Creamy, with clams, potatoes and a touch of smoked bacon. Cup or bowl.', price: 6.49 },
      { name: 'Lobster Bisque', description: 'Rich and velvety, finished with sherry and chunks of Maine lobster.', price: 8.99 },
      { name: 'Harbor Caesar', description: 'Romaine, Parmesan and garlic croutons. Add grilled shrimp for $6.', price: 10.99 },
      { name: 'Salmon Market Salad', description: 'Wood-grilled salmon over greens with berries, pecans and citrus vinaigrette.', price: 18.99 },
    ],
  },
  {
    name: 'Lobster',
    anchor: 'lobster',
    dishes: [
      { name: 'Steamed Maine Lobster', description: 'A whole 1\u00bc lb lobster, steamed to order, with drawn butter and two sides.', price: 39.99 },
      { name: 'Lobster Lover\u2019s Dream', description: 'A roasted rock lobster tail, lobster linguine and butter-poached Maine lobster.', price: 36.99 },
      { name: 'Classic Maine Lobster Roll', description: 'Chilled Maine lobster, a touch of mayonnaise, on a toasted split-top roll with fries.', price: 28.99 },
      { name: 'Lobster Mac and Cheese', description: 'Cavatappi in a four-cheese sauce with lobster and toasted panko.', price: 24.49 },
    ],
  },
  {
    name: 'Shrimp & Shellfish',
    anchor: 'shrimp-shellfish',
    dishes: [
      { name: 'Garlic Shrimp Linguine', description: 'Wild-caught shrimp in garlic butter and white wine with tomatoes and parsley.', price: 21.99 },
      { name: 'Walt\u2019s Favorite Shrimp', description: 'Hand-breaded, fried golden, with cocktail sauce, fries and coleslaw.', price: 19.99 },
      { name: 'Snow Crab Legs', description: 'A full pound of Bering Sea snow crab, steamed, with drawn butter and two sides.', price: 34.99 },
      { name: 'Sea Scallops', description: 'Georges Bank scallops, seared in garlic butter, with rice pilaf.', price: 27.49 },
      { name: 'Admiral\u2019s Feast', description: 'Fried shrimp, bay scallops, clam strips and flounder, for the big appetite.', price: 26.99 },
    ],
  },
  {
    name: 'Wood-Grilled Fish',
    anchor: 'wood-grilled-fish',
    dishes: [
      { name: 'Wood-Grilled Atlantic Salmon', description: 'Over an oak fire with lemon-herb butter, asparagus and rice.', price: 24.99 },
      { name: 'Rainbow Trout', description: 'Pan-seared and topped with toasted almonds and brown butter.', price: 21.49 },
      { name: 'Blackened Mahi-Mahi', description: 'Cajun-spiced and wood-grilled, with mango salsa and jasmine rice.', price: 23.99 },
      { name: 'Swordfish Steak', description: 'Char-grilled Gulf of Maine swordfish with citrus salsa.', price: 29.99 },
    ],
  },
  {
    name: 'Sides',
    anchor: 'sides',
    dishes: [
      { name: 'Garlic Mashed Potatoes', description: 'Yukon Golds whipped with roasted garlic and butter.', price: 3.99 },
      { name: 'Grilled Asparagus', description: 'With sea salt and a squeeze of lemon.', price: 4.49 },
      { name: 'Seasoned Fries', description: 'Crispy, with our harbor seasoning.', price: 3.49 },
      { name: 'Creamy Coleslaw', description: 'Made fresh every morning.', price: 2.99 },
    ],
  },
  {
    name: 'Desserts',
    anchor: 'desserts',
    dishes: [
      { name: 'Key Lime Pie', description: 'Tart and creamy, on a graham cracker crust with whipped cream.', price: 7.99 },
      { name: 'Chocolate Wave Cake', description: 'Warm chocolate cake with a fudge center and vanilla ice cream.', price: 8.49 },
      { name: 'Strawberry Shortcake', description: 'A warm biscuit, fresh strawberries and whipped cream.', price: 7.49 },
    ],
  },
];

/** The menu's allergen note, for the page and the PDF alike: sentences, first one leading. */
export const MENU_ALLERGEN_NOTE = [
  'Please tell your server about any food allergy before you order.',
  'Our kitchens handle all nine major food allergens, including shellfish, fish, milk, eggs, wheat, soy, peanuts, tree nuts and sesame, so we cannot guarantee that any dish is free of them.',
  'Consuming raw or undercooked seafood, shellfish or eggs may increase your risk of foodborne illness.',
];

/** The menu's fine print: prices vary by restaurant. */
export const MENU_FINEPRINT = 'Prices are those of most US restaurants; prices, items and participation vary by location. Dine-in, To Go and delivery prices may differ.';

/** A price as the menu prints it: $24.99. */
export function formatMenuPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}

/** A block with a stable id, so seeding twice gives the same markup. */
function block(id: string, type: string, value: Record<string, unknown>): StreamValue[number] {
  return { id: `menu-${id}`, type, value };
}

function categoryBlocks(category: MenuCategory, sortOrder: number): StreamValue {
  return [
    block(`${category.anchor}-nav`, 'scroll_nav_menu_item', { title: category.name, sort_order: sortOrder, anchor: category.anchor, show_title: false }),
    block(`${category.anchor}-dishes`, 'table', {
      caption: category.name,
      header: ['Dish', 'Description', 'Price'],
      rows: category.dishes.map((dish) => [dish.name, dish.description, formatMenuPrice(dish.price)]),
      first_column_is_header: true,
      container_width: 'full',
    }),
  ];
}

/**
 * The Menu page the site's many 'View Our Menu' links lead to: a hero with the PDF download,
 * a table of dishes and prices for each category, the allergen note and the download again.
 */
export function demoMenuPage(refs: DemoRefs): DemoPage {
  const download = { text: 'Download the Menu (PDF)', url: refs.menuDownloadUrl, page: null };
  return {
    title: 'Menu',
    slug: 'menu',
    pageType: 'content_page',
    showInMenus: true,
    searchDescription: 'Lobster, shrimp, wood-grilled fish and Cheddar Harbor Biscuits: the Red Harbor menu with prices and allergen information.',
    content: {
      confirmation: [],
      body: [
        block('hero', 'two_column_hero', {
          image: refs.images['lobster-plate'],
          image_side: 'right',
          color_scheme: 'navy',
          title: 'Fresh seafood, cooked to order',
          text: '<p>Whole Maine lobster, wild-caught shrimp and fish grilled over an oak fire, with Cheddar Harbor Biscuits baked every hour. Take the menu with you, or find the Red Harbor nearest you to order.</p>',
          links: [
            { ...download, style: 'primary' },
            { text: 'Find a Restaurant', url: '/locations-map/', page: null, style: 'secondary' },
          ],
          fineprint: MENU_FINEPRINT,
        }),
        block('lobsterfest', 'alert_banner', {
          message: '<p><strong>Lobsterfest is here.</strong> Ask your server about this season\u2019s lobster specials, at participating restaurants for a limited time.</p>',
          link: null,
          style: 'lobster',
        }),
        ...DEMO_MENU.flatMap((category, index) => categoryBlocks(category, (index + 1) * 10)),
        block('allergens-nav', 'scroll_nav_menu_item', { title: 'Allergens', sort_order: 900, anchor: 'allergens', show_title: false }),
        block('allergens-heading', 'heading', { text: 'Allergen information', level: 'h2', alignment: 'left' }),
        block('allergens-note', 'rich_text', {
          alignment: 'left',
          html: `<p><strong>${MENU_ALLERGEN_NOTE[0]}</strong> ${MENU_ALLERGEN_NOTE.slice(1).join(' ')}</p><p>Ask for our allergen guide at any restaurant, or see the <a href="/faq/">FAQ</a> for gluten-sensitive choices.</p>`,
        }),
        block('download', 'two_column_feature', {
          image: refs.images['dining-room'],
          image_side: 'left',
          eyebrow: 'Menu to go',
          heading: 'Take the menu with you',
          text: '<p>The full menu with prices and the allergen note, ready to print or share with your party.</p>',
          link: { ...download, style: 'primary' },
        }),
      ],
    },
  };
}
