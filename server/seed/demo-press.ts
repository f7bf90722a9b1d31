import sharp from 'sharp';
import type { StreamValue } from '../blocks/stream';
import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import type { MediaStorage } from '../media-storage';
import { createDocument } from '../models/documents';
import { createImage } from '../models/images';
import { addChild, publishRevision, saveRevision, snapshotOfPage } from '../models/pages';
import type { DemoImageName } from './artwork';
import type { DemoPage, DemoRefs } from './demo-types';

/** One demo press release: its date, headline, optional picture and paragraphs. */
interface DemoPressRelease {
  date: string;
  title: string;
  image?: DemoImageName;
  paragraphs: string[];
}

const ABOUT_RED_HARBOR =
  '<p><strong>About Red Harbor</strong><br>Red Harbor started as a twelve-table seafood shack on the docks in 1978. Today its restaurants across the United States and Canada serve wild-caught and responsibly farmed seafood, cooked to order, with Cheddar Harbor Biscuits baked fresh every hour.</p>';

const MEDIA_CONTACT = '<p>Media contact: Dana Okafor, <a href="mailto:press@redharbor.example">press@redharbor.example</a></p>';

/** Press releases from 2019 to 2026, oldest first; the list shows them newest first. */
const PRESS_RELEASES: DemoPressRelease[] = [
  {
    date: '2019-02-12',
    title: 'Red Harbor Opens Its First Restaurant in Boise, Idaho',
    image: 'restaurant-exterior',
    paragraphs: [
      'Red Harbor opened the doors of its first Idaho restaurant on Eagle Road in Boise today, bringing 140 new jobs and a 220-seat dining room with a full bar to the Treasure Valley.',
      'To celebrate, the restaurant is donating ten percent of opening-week sales to the Idaho Foodbank.',
    ],
  },
  {
    date: '2019-03-04',
    title: 'Lobsterfest Returns with Five New Lobster Dishes',
    image: 'lobster-plate',
    paragraphs: [
      'Lobsterfest, Red Harbor\u2019s most anticipated event of the year, is back for a limited time with five new dishes, including a Lobster and Shrimp Overboard and a Wood-Grilled Lobster Tail with garlic butter.',
      'Guests can enjoy Lobsterfest at every Red Harbor restaurant through April 28, for dine-in or To Go.',
    ],
  },
  {
    date: '2019-06-18',
    title: 'Red Harbor Commits to 100% Responsibly Sourced Shrimp by 2022',
    image: 'shrimp-dish',
    paragraphs: [
      'Red Harbor today committed to serving only shrimp from fisheries and farms certified by independent sustainability programs by the end of 2022.',
      '\u201cShrimp is the most popular seafood on our menu, so it is where we can make the biggest difference,\u201d said Tom Brennan, Vice President of Seafood Sourcing.',
    ],
  },
  {
    date: '2019-09-10',
    title: 'Red Harbor Crews Pack 250,000 Meals for Hurricane Relief',
    paragraphs: [
      'More than 1,200 Red Harbor team members volunteered over the weekend to pack 250,000 meals for families affected by Hurricane Dorian along the Atlantic coast.',
      'The Red Harbor Foundation matched the effort with a $250,000 grant to regional food banks in the Carolinas and Florida.',
    ],
  },
  {
    date: '2019-11-05',
    title: 'Red Harbor Names Maria Delgado Chief Culinary Officer',
    paragraphs: [
      'Red Harbor announced today that Maria Delgado, Executive Chef since 2014, has been named Chief Culinary Officer. She will lead menu development, culinary training and the company\u2019s test kitchen in Orlando.',
      'Delgado created several of the brand\u2019s best-loved dishes, including the Wood-Grilled Seafood Platter and the Harbor Shrimp Trio.',
    ],
  },
  {
    date: '2020-01-21',
    title: 'Wood-Grilled Salmon Joins the Year-Round Menu',
    image: 'grilled-salmon',
    paragraphs: [
      'After three seasons as a limited-time favorite, Wood-Grilled Atlantic Salmon with lemon-herb butter and asparagus is now on the menu at every Red Harbor all year long.',
      'The salmon comes from farms rated four stars under the Best Aquaculture Practices program.',
    ],
  },
  {
    date: '2020-03-02',
    title: 'Lobsterfest 2020 Brings Back the Lobster Lover\u2019s Dream',
    image: 'lobster-plate',
    paragraphs: [
      'The Lobster Lover\u2019s Dream, a roasted rock lobster tail, butter-poached Maine lobster tail and lobster linguini, returns as the centerpiece of Lobsterfest 2020.',
      'New this year is Lobster Lover\u2019s Lobster Bisque, available by the cup or bowl.',
    ],
  },
  {
    date: '2020-04-08',
    title: 'Red Harbor Launches Curbside Pickup at Every Restaurant',
    paragraphs: [
      'Guests can now order online or by phone and have their meal brought to their car at every Red Harbor restaurant in the United States and Canada.',
      'Online orders placed through the Red Harbor app show a live status, and guests tap \u201cI\u2019m Here\u201d when they arrive.',
    ],
  },
  {
    date: '2020-07-14',
    title: 'Red Harbor Donates 1 Million Meals Through Feeding Neighbors Program',
    paragraphs: [
      'Since March, Red Harbor restaurants have donated more than one million meals to food banks, hospitals and first responders through the company\u2019s Feeding Neighbors program.',
      'Every restaurant partners with a local hunger-relief organization chosen by its own crew.',
    ],
  },
  {
    date: '2020-10-27',
    title: 'Red Harbor Introduces Family Seafood Bundles for To Go',
    image: 'shrimp-dish',
    paragraphs: [
      'New Family Seafood Bundles feed four to six people with a choice of two entr\u00e9es, a family-size salad, two sides and a dozen Cheddar Harbor Biscuits.',
      'Bundles are available for pickup, curbside and delivery at every Red Harbor.',
    ],
  },
  {
    date: '2021-02-23',
    title: 'Red Harbor Opens Three New Restaurants in Texas',
    image: 'restaurant-exterior',
    paragraphs: [
      'Red Harbor opened new restaurants in McKinney, New Braunfels and Round Rock this week, bringing its number of Texas locations to 58.',
      'Each restaurant features the brand\u2019s newest design, with a wood-fire grill open to the dining room.',
    ],
  },
  {
    date: '2021-03-08',
    title: 'Lobsterfest 2021 Features the Ultimate Lobster Feast',
    image: 'lobster-plate',
    paragraphs: [
      'The Ultimate Lobster Feast pairs a whole Maine lobster with wood-grilled lobster tail and garlic shrimp scampi, and leads the Lobsterfest 2021 menu.',
      'Lobsterfest runs through May 2 for dine-in, To Go and delivery.',
    ],
  },
  {
    date: '2021-05-19',
    title: 'Red Harbor Extends Its Military Monday Discount Year-Round',
    paragraphs: [
      'Active-duty service members, veterans and their spouses now receive ten percent off their meal every Monday, all year, at every Red Harbor.',
      'The discount, first offered each November, becomes a permanent thank-you to those who serve.',
    ],
  },
  {
    date: '2021-08-03',
    title: 'Red Harbor Earns Four-Star Rating for Its Farmed Salmon Supply',
    image: 'grilled-salmon',
    paragraphs: [
      'Every farm, feed mill, hatchery and processing plant that supplies Red Harbor\u2019s Atlantic salmon is now certified under the Best Aquaculture Practices program, the program\u2019s highest four-star rating.',
      'Red Harbor is one of the first casual-dining restaurant companies to reach the rating across its whole salmon supply.',
    ],
  },
  {
    date: '2021-11-16',
    title: 'Red Harbor Appoints James Whitaker as President and CEO',
    paragraphs: [
      'The Red Harbor board of directors has appointed James Whitaker as President and Chief Executive Officer, effective January 1. Whitaker has served as Chief Operating Officer since 2017.',
      'He succeeds Linda Marsh, who retires after 31 years with the company and will remain an adviser to the board.',
    ],
  },
  {
    date: '2022-01-11',
    title: 'Red Harbor Reaches Its Responsibly Sourced Shrimp Goal',
    image: 'shrimp-dish',
    paragraphs: [
      'One year ahead of schedule, every shrimp served at Red Harbor now comes from a certified responsible fishery or farm.',
      'The company has published the full list of its shrimp sources and certifications on its website.',
    ],
  },
  {
    date: '2022-03-01',
    title: 'Lobsterfest 2022 Adds Lobster Mac and Cheese Bites',
    image: 'lobster-plate',
    paragraphs: [
      'Lobster Mac and Cheese Bites, crispy bites of lobster and four-cheese macaroni with a lemon aioli, are the newest starter on the Lobsterfest 2022 menu.',
      'Lobsterfest is available at every Red Harbor through April 24.',
    ],
  },
  {
    date: '2022-05-24',
    title: 'Red Harbor Opens Its First Restaurant in Anchorage, Alaska',
    image: 'harbor-hero',
    paragraphs: [
      'Red Harbor welcomed its first guests in Alaska today at its new restaurant on Dimond Boulevard in Anchorage.',
      'The Anchorage menu features wild Alaska sockeye salmon and Alaska snow crab sourced from local fishermen.',
    ],
  },
  {
    date: '2022-09-13',
    title: 'Red Harbor Scholarship Fund Awards $500,000 to Culinary Students',
    paragraphs: [
      'The Red Harbor Foundation awarded scholarships to 100 culinary and hospitality students this fall, including 40 current Red Harbor team members.',
      'Since 2012 the fund has awarded more than $3.5 million in scholarships.',
    ],
  },
  {
    date: '2022-12-06',
    title: 'Get a $10 Bonus Card for Every $50 in Red Harbor Gift Cards',
    paragraphs: [
      'Through December 31, guests receive a $10 bonus card for every $50 in Red Harbor gift cards purchased in restaurants or online.',
      'Bonus cards can be used from January 1 through March 31.',
    ],
  },
  {
    date: '2023-02-07',
    title: 'Red Harbor Unveils Redesigned Dining Rooms in 40 Restaurants',
    image: 'dining-room',
    paragraphs: [
      'Forty Red Harbor restaurants have reopened after remodels that bring in more natural light, weathered wood and views of the open kitchen.',
      'The new design will reach another 60 restaurants by the end of 2024.',
    ],
  },
  {
    date: '2023-03-06',
    title: 'Lobsterfest 2023 Pairs Lobster with Three New Cocktails',
    image: 'lobster-plate',
    paragraphs: [
      'This year\u2019s Lobsterfest adds three hand-crafted cocktails created to pair with lobster, including a Sea Salt Paloma and a Blood Orange Spritz.',
      'The Lobster Lover\u2019s Dream and Ultimate Lobster Feast return through April 30.',
    ],
  },
  {
    date: '2023-06-20',
    title: 'Red Harbor Joins the Coastal Cleanup Alliance for a Summer of Clean Shores',
    paragraphs: [
      'Red Harbor crews will join volunteers at more than 200 beach and riverbank cleanups this summer as a founding partner of the Coastal Cleanup Alliance.',
      'Guests who bring a cleanup receipt to any Red Harbor receive a free dessert with their entr\u00e9e.',
    ],
  },
  {
    date: '2023-08-29',
    title: 'Red Harbor Launches Online Wait List at All Restaurants',
    paragraphs: [
      'Guests can now join the wait list online and see the current wait at every Red Harbor before they leave home.',
      'Text updates let guests know when their table is nearly ready.',
    ],
  },
  {
    date: '2023-10-17',
    title: 'Red Harbor Opens in Halifax, Its First Restaurant in Atlantic Canada',
    image: 'restaurant-exterior',
    paragraphs: [
      'Red Harbor opened its first restaurant in Nova Scotia on the Halifax waterfront, with a menu featuring Atlantic lobster and Digby scallops.',
      'The restaurant employs 120 people from the Halifax area.',
    ],
  },
  {
    date: '2024-01-23',
    title: 'Red Harbor Removes Single-Use Plastic Straws and Bags',
    paragraphs: [
      'All Red Harbor restaurants now use paper straws on request and recyclable paper bags for To Go orders, removing about 90 million pieces of single-use plastic a year.',
      'To Go containers will move to recycled materials by 2025.',
    ],
  },
  {
    date: '2024-03-04',
    title: 'Lobsterfest 2024: Seven Ways to Enjoy Lobster',
    image: 'lobster-plate',
    paragraphs: [
      'From lobster-topped Caesar salad to a Lobster and Langostino Pizza, Lobsterfest 2024 offers seven dishes built around North American lobster.',
      'Lobsterfest runs through April 28 at every Red Harbor.',
    ],
  },
  {
    date: '2024-06-11',
    title: 'Red Harbor Names Priya Raman Chief Sustainability Officer',
    paragraphs: [
      'Red Harbor has appointed Priya Raman to the new role of Chief Sustainability Officer. Raman joins from the Ocean Stewardship Council, where she led supply-chain programs for eight years.',
      'She will lead the company\u2019s sourcing, packaging and energy goals.',
    ],
  },
  {
    date: '2024-09-24',
    title: 'Red Harbor Crews Volunteer 50,000 Hours with Local Food Banks',
    paragraphs: [
      'Red Harbor team members have volunteered more than 50,000 hours with local food banks this year through the company\u2019s paid volunteer-time program.',
      'Every team member receives eight hours of paid volunteer time each year.',
    ],
  },
  {
    date: '2024-11-12',
    title: 'Red Harbor Introduces a Gluten-Sensitive Menu at Every Restaurant',
    image: 'grilled-salmon',
    paragraphs: [
      'A new gluten-sensitive menu, developed with a registered dietitian, offers more than 20 dishes prepared without gluten-containing ingredients.',
      'The menu is available for dine-in and To Go.',
    ],
  },
  {
    date: '2025-02-18',
    title: 'Red Harbor Opens 10 New Restaurants Across the Southeast',
    image: 'restaurant-exterior',
    paragraphs: [
      'Red Harbor opened ten restaurants in Georgia, the Carolinas and Tennessee in the first weeks of 2025, its largest expansion in a decade.',
      'The new restaurants created more than 1,300 jobs.',
    ],
  },
  {
    date: '2025-03-03',
    title: 'Lobsterfest 2025 Introduces the Lobster Tail Trio',
    image: 'lobster-plate',
    paragraphs: [
      'The Lobster Tail Trio brings together a wood-grilled, a butter-poached and a Parmesan-crusted lobster tail on one plate, new for Lobsterfest 2025.',
      'Lobsterfest runs at every Red Harbor through April 27.',
    ],
  },
  {
    date: '2025-07-08',
    title: 'Red Harbor Passes 25 Million Pounds of Responsibly Sourced Seafood',
    image: 'harbor-hero',
    paragraphs: [
      'Since 2019 Red Harbor has served more than 25 million pounds of seafood from certified responsible fisheries and farms.',
      'The company now publishes the source of every species on its menu.',
    ],
  },
  {
    date: '2025-10-14',
    title: 'Guests Raise $2 Million for Disaster Relief Through Round-Up Program',
    paragraphs: [
      'Red Harbor guests who rounded up their checks raised more than $2 million for disaster relief in 2025, matched dollar for dollar by the Red Harbor Foundation.',
      'Funds support communities recovering from hurricanes and wildfires.',
    ],
  },
  {
    date: '2026-01-20',
    title: 'Red Harbor Publishes Its 2026 Sustainability Report',
    paragraphs: [
      'Red Harbor\u2019s annual sustainability report shows progress on sourcing, packaging and energy, including a 22 percent cut in restaurant energy use since 2020.',
      'Red Harbor also set a goal to run every restaurant on renewable electricity by 2035.',
    ],
  },
  {
    date: '2026-03-02',
    title: 'Lobsterfest 2026 Starts with a New Lobster Roll Lineup',
    image: 'lobster-plate',
    paragraphs: [
      'Lobsterfest 2026 introduces three lobster rolls: a classic chilled Maine roll, a warm Connecticut-style roll with brown butter and a spicy Nashville-style roll.',
      'Lobsterfest runs at every Red Harbor through April 26.',
    ],
  },
  {
    date: '2026-06-09',
    title: 'Red Harbor Opens Its 800th Restaurant in Tucson, Arizona',
    image: 'dining-room',
    paragraphs: [
      'Red Harbor celebrated its 800th restaurant with the opening of a new location on East Broadway in Tucson.',
      'The restaurant is the first built to the company\u2019s all-electric kitchen design.',
    ],
  },
  {
    date: '2026-09-15',
    title: 'Red Harbor Foundation Commits $5 Million to Coastal Restoration',
    image: 'harbor-hero',
    paragraphs: [
      'The Red Harbor Foundation will fund oyster reef and salt marsh restoration projects along the Gulf and Atlantic coasts over the next five years.',
      'Crews from nearby restaurants will help plant marsh grass and build reefs.',
    ],
  },
];

const CONTACT_INFO =
  '<p>Journalists and media outlets can reach the Red Harbor communications team at <a href="mailto:press@redharbor.example">press@redharbor.example</a> or <a href="tel:+14075550188">407-555-0188</a>, Monday to Friday, 9 a.m. to 5 p.m. Eastern.</p><p>For guest questions, please use our Contact Us page.</p>';

const FACT_SHEET = `RED HARBOR FACT SHEET

Founded: 1978, as a twelve-table seafood shack on the docks
Headquarters: Orlando, Florida
Restaurants: more than 800 in the United States and Canada
Team members: about 60,000

What we serve
- Wild-caught and responsibly farmed fish and shellfish, cooked to order
- Maine and North American lobster, snow crab, Gulf shrimp and Atlantic salmon
- Cheddar Harbor Biscuits, baked fresh every hour
- Gluten-sensitive and kids' menus at every restaurant

Signature events
- Lobsterfest, every spring since 1985
- Military Monday: ten percent off for service members, veterans and spouses

Sustainability
- 100 percent of shrimp from certified responsible sources since 2022
- Four-star Best Aquaculture Practices rating for all farmed salmon
- Paper straws on request and recyclable To Go bags at every restaurant

Giving
- Red Harbor Foundation: more than $40 million given since 1999
- Feeding Neighbors: more than 10 million meals donated to local food banks

Media contact: press@redharbor.example, 407-555-0188
`;

const MILESTONES_CSV = `year,milestone
1978,First Red Harbor opens on the docks with twelve tables
1985,First Lobsterfest
1992,100th restaurant opens
1999,Red Harbor Foundation established
2008,First restaurant in Canada opens in Toronto
2012,Scholarship fund for culinary students launched
2019,Commitment to 100 percent responsibly sourced shrimp
2022,Shrimp sourcing goal reached one year early
2023,Online wait list at every restaurant
2026,800th restaurant opens in Tucson
`;

const BRAND_PALETTE = {
  brand: 'Red Harbor',
  colors: [
    { name: 'Lobster', hex: '#c8281e', use: 'Primary buttons, the logo mark and accents' },
    { name: 'Lobster Dark', hex: '#9e1c14', use: 'Links and pressed states' },
    { name: 'Navy', hex: '#0f2a3d', use: 'Headings, footer and dark backgrounds' },
    { name: 'Shoreline', hex: '#f5efe4', use: 'Page background' },
    { name: 'Sand', hex: '#e8dcc6', use: 'Dividers and quiet surfaces' },
    { name: 'Blue Chill', hex: '#1b7f93', use: 'Focus rings and summer promotions' },
  ],
  typography: { display: 'Georgia, serif', body: 'System UI sans-serif' },
  logo: { clearSpace: 'Half the height of the mark on every side', minimumSize: '24 px or 0.25 in' },
};

/** The brand mark of client/components/Logo.tsx as a 1024 x 1024 PNG with a clear background. */
async function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 48 48"><circle cx="24" cy="24" r="23" fill="#c8281e"/><path d="M21 12h6l2 20H19z" fill="#fff"/><path d="M20 10h8v3h-8z" fill="#fff"/><path d="M6 34c4 0 5-3 9-3s5 3 9 3 5-3 9-3 5 3 9 3v4c-4 0-5-3-9-3s-5 3-9 3-5-3-9-3-5 3-9 3z" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

function releaseBody(release: DemoPressRelease): string {
  return [...release.paragraphs.map((paragraph) => `<p>${paragraph}</p>`), ABOUT_RED_HARBOR, MEDIA_CONTACT].join('');
}

/** The press kit: documents for the Media Downloads tiles, each with an image id when it has one. */
async function seedMediaDownloads(db: Db, storage: MediaStorage, refs: DemoRefs): Promise<Array<{ title: string; image: number | null; document: number }>> {
  const logo = await logoPng();
  const logoImage = await createImage(db, storage, { title: 'Red Harbor logo mark', bytes: logo });
  const logoDocument = await createDocument(db, storage, { title: 'Red Harbor Logo (PNG)', filename: 'red-harbor-logo.png', bytes: logo });
  const factSheet = await createDocument(db, storage, { title: 'Red Harbor Fact Sheet', filename: 'red-harbor-fact-sheet.txt', bytes: Buffer.from(FACT_SHEET) });
  const milestones = await createDocument(db, storage, { title: 'Company Milestones', filename: 'red-harbor-milestones.csv', bytes: Buffer.from(MILESTONES_CSV) });
  const palette = await createDocument(db, storage, {
    title: 'Brand Colors and Type',
    filename: 'red-harbor-brand-palette.json',
    bytes: Buffer.from(`${JSON.stringify(BRAND_PALETTE, null, 2)}\n`),
  });
  return [
    { title: 'Logo', image: logoImage.id, document: logoDocument.id },
    { title: 'Fact Sheet', image: refs.images['restaurant-exterior'], document: factSheet.id },
    { title: '', image: null, document: milestones.id },
    { title: '', image: null, document: palette.id },
  ];
}

/**
 * Creates the demo press room under the home page: a press section with press contacts and a
 * press kit, its press release list, and press releases from 2019 to 2026, all published.
 * Answers the press release list page.
 */
export async function seedPressSection(db: Db, storage: MediaStorage, home: Page, refs: DemoRefs): Promise<Page> {
  const tiles = await seedMediaDownloads(db, storage, refs);
  const section = await addChild(db, home, {
    title: 'Press Room',
    slug: 'press',
    pageType: 'press_section_page',
    searchDescription: 'Red Harbor news, press releases, press contacts and media downloads.',
    content: { latest_count: 3, contact_info: CONTACT_INFO, media_download_tiles: tiles, see_all_link: null },
  });
  const list = await addChild(db, section, {
    title: 'Press Releases',
    slug: 'press-releases',
    pageType: 'press_release_list_page',
    searchDescription: 'Every Red Harbor press release, newest first.',
    content: {},
  });
  // The see-all link names the list page, which exists only now.
  const revision = await saveRevision(db, section, { ...snapshotOfPage(section), content: { ...section.content, see_all_link: list.id } });
  await publishRevision(db, revision.id);
  for (const release of PRESS_RELEASES) {
    await addChild(db, list, {
      title: release.title,
      pageType: 'press_release_page',
      searchDescription: release.paragraphs[0],
      content: { date: release.date, feature_image: release.image ? refs.images[release.image] : null, body: releaseBody(release) },
    });
  }
  return list;
}

let blockCounter = 0;
function block(type: string, value: Record<string, unknown>): StreamValue[number] {
  blockCounter += 1;
  return { type, value, id: `demo-template-${type}-${blockCounter}` };
}

const heading = (text: string, level: 'h2' | 'h3' = 'h2') => block('heading', { text, level, alignment: 'left' });
const richText = (html: string, alignment: 'left' | 'center' = 'left') => block('rich_text', { html, alignment });

const SIGNUP_LEGAL_TEXT =
  '<p>By signing up you agree to receive marketing emails from Red Harbor Restaurants, LLC. You can unsubscribe at any time; it can take up to 5 days to take effect.</p>';

/** The utility pages, one in each background style (SPEC §1). */
const UTILITY_PAGES: DemoPage[] = [
  {
    title: 'Military Monday',
    slug: 'military-monday',
    pageType: 'utility_page',
    searchDescription: 'Ten percent off every Monday for active-duty service members, veterans and their spouses.',
    content: {
      background_style: 'military-monday',
      body: [
        richText('<p>Every Monday, active-duty service members, veterans and their spouses get <strong>10% off</strong> their meal at every Red Harbor, for dine-in and To Go.</p>'),
        heading('How it works', 'h3'),
        richText(
          '<ul><li>Show a valid military ID, veteran ID or DD-214 when you order.</li><li>The discount covers the service member or veteran and one guest at the table.</li><li>Not valid with other offers or on alcohol.</li></ul>',
        ),
      ],
    },
  },
  {
    title: 'Lobster Lovers Club',
    slug: 'lobster-lovers-club',
    pageType: 'utility_page',
    searchDescription: 'Join the Lobster Lovers Club for first word on Lobsterfest and a birthday treat.',
    content: {
      background_style: 'lobster',
      body: [
        richText('<p>Be the first to know when Lobsterfest starts, get a free appetizer on your birthday and enjoy member-only offers all year.</p>'),
        heading('Members get', 'h3'),
        richText(
          '<ul><li>Early access to Lobsterfest and seasonal menus</li><li>A birthday treat on us</li><li>Offers for you and a guest, four times a year</li></ul><p><a href="/email-signup/">Join the club</a></p>',
        ),
      ],
    },
  },
  {
    title: 'Wood-Fire Grill Nights',
    slug: 'wood-fire-grill-nights',
    pageType: 'utility_page',
    searchDescription: 'Thursday nights, our grill masters cook the catch of the day over hardwood.',
    content: {
      background_style: 'wood-texture',
      body: [
        richText('<p>Thursday nights our grill masters cook the catch of the day over oak and hickory. Ask your server what came off the boat this morning.</p>'),
        richText('<p>Pair any wood-grilled entr\u00e9e with a glass of our featured wine for $6.</p>'),
      ],
    },
  },
  {
    title: 'Lighthouse Giving',
    slug: 'lighthouse-giving',
    pageType: 'utility_page',
    searchDescription: 'How Red Harbor crews and guests support hunger relief and coastal communities.',
    content: {
      background_style: 'lighthouse',
      body: [
        richText(
          '<p>Every Red Harbor restaurant partners with a local food bank, and our crews volunteer thousands of hours a year. When you round up your check, every cent goes to disaster relief.</p>',
        ),
        heading('Where it goes', 'h3'),
        richText(
          '<ul><li>More than 10 million meals donated since 2020</li><li>$3.5 million in culinary scholarships</li><li>Oyster reef and salt marsh restoration along the coasts</li></ul>',
        ),
      ],
    },
  },
  {
    title: 'Our Sourcing Promise',
    slug: 'sourcing-promise',
    pageType: 'utility_page',
    searchDescription: 'Where our seafood comes from and the standards every supplier meets.',
    content: {
      background_style: 'faded-shoreline',
      body: [
        richText(
          '<p>We trace every species we serve back to the fishery or farm where it was caught or raised, and we only buy from suppliers that meet independent sustainability standards.</p>',
        ),
        heading('Our standards', 'h3'),
        richText(
          '<ul><li>100% of our shrimp is certified responsibly sourced</li><li>All farmed salmon holds a four-star Best Aquaculture Practices rating</li><li>We publish the source of every species on our menu</li></ul>',
        ),
      ],
    },
  },
  {
    title: 'Blue Chill Happy Hour',
    slug: 'blue-chill-happy-hour',
    pageType: 'utility_page',
    searchDescription: 'Frozen drinks and shareable bites, weekdays from 3 to 6 p.m.',
    content: {
      background_style: 'blue-chill',
      body: [
        richText('<p>Weekdays from 3 to 6 p.m., cool off with $5 frozen drinks and half-price shareable bites at the bar.</p>'),
        richText(
          '<ul><li>Frozen Blue Lagoon and Strawberry Lime Margarita</li><li>Crispy calamari, shrimp cocktail and Lobster Mac and Cheese Bites</li></ul><p>Must be of legal drinking age. Please drink responsibly.</p>',
        ),
      ],
    },
  },
];

/**
 * The demo's contact, email signup, redirect and utility pages, for the seed to add under the
 * home page. They use text blocks only, so none of them needs the image library.
 */
export function demoTemplatePages(_refs: DemoRefs): DemoPage[] {
  return [
    {
      title: 'Contact Us',
      slug: 'contact-us',
      pageType: 'contact_us_page',
      searchDescription: 'Questions, praise or a concern about your visit? Send Red Harbor Guest Relations a message.',
      content: {
        body: [
          richText(
            '<p>We love hearing from our guests. Whether it is praise for your server, a question about our menu or a concern about your visit, Guest Relations reads every message.</p>',
          ),
          block('contact_details', { heading: '', text: '<p>Prefer to talk?</p>', show_hours: true, show_private_dining: false }),
        ],
        form_intro: 'Tell us what is on your mind. We answer most messages within two business days.',
        to_address: 'guest.relations@redharbor.example',
      },
      children: [
        {
          title: 'Thanks for Reaching Out',
          slug: 'thank-you',
          pageType: 'contact_us_landing_page',
          content: {
            body: [],
            confirmation: [
              heading('We received your message'),
              richText(
                '<p>Thank you for contacting Red Harbor Guest Relations. A member of our team will reply by email within two business days. If your message is about a recent visit, please keep your receipt handy.</p>',
              ),
              richText('<p>In the meantime, see what is on the <a href="/menu/">menu</a> or find the <a href="/press/">latest Red Harbor news</a>.</p>'),
            ],
          },
        },
      ],
    },
    {
      title: 'Sign Up for Email',
      slug: 'email-signup',
      pageType: 'email_signup_page',
      searchDescription: 'Get Red Harbor news, Lobsterfest first looks and a birthday treat in your inbox.',
      content: {
        body: [richText('<p>Be the first to hear about Lobsterfest, new menus and offers near you, plus a treat on your birthday.</p>')],
        pre_form_content: [
          heading('Join our email list', 'h3'),
          richText('<p>Tell us a little about yourself so we can send offers from your favorite Red Harbor. Add up to three special occasions and we may help you celebrate.</p>'),
        ],
        legal_text: SIGNUP_LEGAL_TEXT,
        faq_url: '/faq/',
        unsubscribe_url: '/email-preferences/',
        terms_url: '/terms-and-conditions/',
      },
      children: [
        {
          title: 'You\u2019re on the List',
          slug: 'thank-you',
          pageType: 'email_signup_landing_page',
          content: {
            body: [],
            confirmation: [
              heading('Welcome aboard'),
              richText('<p>Thanks for signing up. Your first email is on its way; add news@redharbor.example to your contacts so it does not land in spam.</p>'),
              richText('<p>Watch for your birthday treat and first word on Lobsterfest. Craving seafood now? <a href="/menu/">See the menu</a>.</p>'),
            ],
            legal_text: SIGNUP_LEGAL_TEXT,
            faq_url: '/faq/',
            unsubscribe_url: '/email-preferences/',
          },
        },
      ],
    },
    {
      title: 'Gift Cards',
      slug: 'gift-cards',
      pageType: 'redirect_page',
      content: { redirect_to_page: null, redirect_to_url: 'https://gifts.redharbor.example/' },
    },
    ...UTILITY_PAGES,
  ];
}
