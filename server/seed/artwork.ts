import sharp from 'sharp';
import type { FocalPoint } from '../models/images';

/** The brand palette the demo artwork is drawn in. */
const PALETTE = {
  lobster: '#c8281e',
  lobsterDark: '#9e1c14',
  navy: '#0f2a3d',
  navyLight: '#1d4560',
  shoreline: '#f5efe4',
  sand: '#e8dcc6',
  seafoam: '#e4efee',
  blueChill: '#1b7f93',
  white: '#ffffff',
  lemon: '#f2c94c',
  herb: '#4f8a3c',
  wood: '#b98a5e',
  woodDark: '#8c6239',
  salmon: '#f08a5d',
} as const;

/** One piece of demo artwork: its image title, size, focal point and SVG drawing. */
export interface DemoImage {
  title: string;
  width: number;
  height: number;
  focalPoint?: FocalPoint;
  svg: () => string;
}

/** Every demo image by name; the seed uploads each with createImage. */
export const DEMO_IMAGES = {
  'harbor-hero': {
    title: 'Lighthouse over the harbor at dawn',
    width: 2000,
    height: 1000,
    focalPoint: { x: 1480, y: 470, width: 240, height: 400 },
    svg: harborHero,
  },
  'lobster-plate': { title: 'Steamed Maine lobster with lemon and butter', width: 1600, height: 1200, svg: lobsterPlate },
  'shrimp-dish': { title: 'Garlic shrimp linguine', width: 1600, height: 1200, svg: shrimpDish },
  'grilled-salmon': { title: 'Wood-grilled salmon with asparagus', width: 1600, height: 1200, svg: grilledSalmon },
  'dining-room': { title: 'Dining room with a view of the water', width: 1600, height: 1000, svg: diningRoom },
  'restaurant-exterior': {
    title: 'Red Harbor restaurant at dusk',
    width: 1600,
    height: 1000,
    focalPoint: { x: 800, y: 470, width: 900, height: 560 },
    svg: restaurantExterior,
  },
} satisfies Record<string, DemoImage>;

/** The name of one demo image. */
export type DemoImageName = keyof typeof DEMO_IMAGES;

/** The names of all demo images, in seeding order. */
export const DEMO_IMAGE_NAMES = Object.keys(DEMO_IMAGES) as DemoImageName[];

/** Renders one demo image to JPEG bytes; drawn from SVG, so it needs no network or files. */
export async function generateDemoImage(name: DemoImageName): Promise<Buffer> {
  const image: DemoImage = DEMO_IMAGES[name];
  return sharp(Buffer.from(image.svg())).resize(image.width, image.height).jpeg({ quality: 88, progressive: true }).toBuffer();
}

function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A band of water: a wavy top edge at `y` (shifted left by `offset`), filled down to `bottom`. */
function wave(width: number, y: number, amplitude: number, length: number, bottom: number, fill: string, offset = 0): string {
  let d = `M${-offset} ${y}`;
  for (let x = -offset, crest = true; x < width; x += length / 2, crest = !crest) {
    d += ` Q${x + length / 4} ${y + (crest ? -amplitude : amplitude)} ${x + length / 2} ${y}`;
  }
  return `<path d="${d} L${width} ${bottom} L${-offset} ${bottom} Z" fill="${fill}"/>`;
}

/** A round plate seen from above at a slight angle. */
function plate(cx: number, cy: number, rx: number, ry: number): string {
  return [
    `<ellipse cx="${cx + 14}" cy="${cy + 22}" rx="${rx}" ry="${ry}" fill="#000" opacity="0.18"/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${PALETTE.white}"/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.78}" ry="${ry * 0.78}" fill="${PALETTE.shoreline}"/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.78}" ry="${ry * 0.78}" fill="none" stroke="${PALETTE.blueChill}" stroke-width="6" opacity="0.5"/>`,
  ].join('');
}

/** A lemon wedge: a half disc with segment lines. */
function lemonWedge(x: number, y: number, r: number, rotate: number): string {
  return `<g transform="translate(${x} ${y}) rotate(${rotate})">
    <path d="M${-r} 0 A${r} ${r} 0 0 0 ${r} 0 Z" fill="${PALETTE.lemon}" stroke="#e0a92a" stroke-width="8"/>
    <path d="M0 0 L${-r * 0.7} ${r * 0.55} M0 0 L0 ${r * 0.85} M0 0 L${r * 0.7} ${r * 0.55}" stroke="#fff6cf" stroke-width="6"/>
  </g>`;
}

/** A sprig of parsley: a few small leaves around a point. */
function herbs(x: number, y: number, scale: number): string {
  const leaves = [0, 60, 120, 180, 240, 300]
    .map((angle) => `<ellipse cx="0" cy="${-18 * scale}" rx="${10 * scale}" ry="${18 * scale}" fill="${PALETTE.herb}" transform="rotate(${angle})"/>`)
    .join('');
  return `<g transform="translate(${x} ${y})">${leaves}<circle r="${7 * scale}" fill="#3b6e2c"/></g>`;
}

/** A wooden table top with planks, the background of the food shots. */
function tableTop(width: number, height: number): string {
  const planks = Array.from({ length: Math.ceil(height / 150) }, (_, index) => {
    const y = index * 150;
    return `<rect x="0" y="${y}" width="${width}" height="150" fill="${index % 2 ? PALETTE.wood : '#c49a6c'}"/><line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="${PALETTE.woodDark}" stroke-width="5"/>`;
  }).join('');
  return planks + `<rect width="${width}" height="${height}" fill="url(#vignette)"/>`;
}

const VIGNETTE = `<radialGradient id="vignette" cx="50%" cy="50%" r="75%"><stop offset="60%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.35"/></radialGradient>`;

function harborHero(): string {
  const [width, height] = [2000, 1000];
  // The tower tapers from 100 px at its base (y=650) to 56 px under the gallery (y=400).
  const towerHalfWidth = (y: number) => 28 + ((y - 400) / 250) * 22;
  const stripes = [0, 1, 2]
    .map((index) => {
      const [top, bottom] = [430 + index * 76, 468 + index * 76];
      return `<path d="M${1480 - towerHalfWidth(top)} ${top} L${1480 + towerHalfWidth(top)} ${top} L${1480 + towerHalfWidth(bottom)} ${bottom} L${1480 - towerHalfWidth(bottom)} ${bottom} Z" fill="${PALETTE.lobster}"/>`;
    })
    .join('');
  const gulls = [
    [420, 220],
    [500, 180],
    [1100, 260],
  ]
    .map(([x, y]) => `<path d="M${x} ${y} q20 -18 40 0 q20 -18 40 0" fill="none" stroke="${PALETTE.navy}" stroke-width="6" stroke-linecap="round"/>`)
    .join('');
  const posts = [220, 380, 540, 700].map((x) => `<rect x="${x}" y="700" width="26" height="200" fill="${PALETTE.woodDark}"/>`).join('');
  return svgDocument(
    width,
    height,
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3c9a8"/><stop offset="0.45" stop-color="${PALETTE.shoreline}"/><stop offset="1" stop-color="${PALETTE.seafoam}"/></linearGradient>
      <linearGradient id="beam" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#fff7d6" stop-opacity="0.9"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/></linearGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="620" cy="560" r="170" fill="#f6b48f" opacity="0.9"/>
    <path d="M0 600 C300 520 520 560 760 590 C1000 620 1200 540 1400 560 C1600 580 1800 530 2000 570 L2000 640 L0 640 Z" fill="#9fc3c4"/>
    <path d="M1452 350 L0 180 L0 330 L1452 370 Z" fill="url(#beam)" opacity="0.75"/>
    ${gulls}
    ${wave(width, 640, 10, 160, height, PALETTE.blueChill)}
    <path d="M1220 720 C1280 640 1360 626 1440 630 C1560 636 1680 650 1800 700 L2000 720 L2000 760 L1200 760 Z" fill="#4a545b"/>
    <path d="M1320 700 C1370 664 1420 654 1480 656 C1560 660 1640 676 1700 710 Z" fill="#5f6b72"/>
    <path d="M1452 400 L1508 400 L1530 650 L1430 650 Z" fill="${PALETTE.white}"/>
    ${stripes}
    <rect x="1466" y="600" width="28" height="50" rx="12" fill="${PALETTE.navy}"/>
    <rect x="1420" y="388" width="120" height="14" rx="4" fill="${PALETTE.navy}"/>
    <rect x="1450" y="330" width="60" height="58" fill="${PALETTE.navy}"/>
    <rect x="1460" y="340" width="40" height="40" fill="#fff1b8"/>
    <path d="M1436 334 L1480 282 L1524 334 Z" fill="${PALETTE.lobster}"/>
    ${wave(width, 720, 12, 220, height, '#166a7b', 60)}
    ${wave(width, 820, 14, 260, height, PALETTE.navyLight, 120)}
    ${wave(width, 900, 12, 300, height, PALETTE.navy, 40)}
    <rect x="120" y="690" width="720" height="24" fill="${PALETTE.wood}"/>
    ${posts}
    <path d="M900 800 L1120 800 L1090 850 L930 850 Z" fill="${PALETTE.lobster}"/>
    <rect x="960" y="760" width="80" height="40" fill="${PALETTE.white}"/>
    <path d="M1010 640 L1010 800 M1010 650 L1070 760 L1010 760" fill="${PALETTE.white}" stroke="${PALETTE.navy}" stroke-width="6"/>`,
  );
}

function lobsterPlate(): string {
  const [width, height] = [1600, 1200];
  const cx = 800;
  const tail = Array.from({ length: 5 }, (_, index) => {
    const y = 640 + index * 52;
    const half = 92 - index * 12;
    return `<path d="M${cx - half} ${y} Q${cx} ${y + 70} ${cx + half} ${y} L${cx + half - 10} ${y + 46} Q${cx} ${y + 104} ${cx - half + 10} ${y + 46} Z" fill="${index % 2 ? PALETTE.lobsterDark : PALETTE.lobster}"/>`;
  }).join('');
  const claw = (side: 1 | -1) => `
    <path d="M${cx + side * 70} 470 C${cx + side * 160} 430 ${cx + side * 220} 380 ${cx + side * 250} 320" fill="none" stroke="${PALETTE.lobsterDark}" stroke-width="34" stroke-linecap="round"/>
    <path d="M${cx + side * 250} 330 C${cx + side * 330} 300 ${cx + side * 360} 200 ${cx + side * 300} 150 C${cx + side * 300} 220 ${cx + side * 270} 250 ${cx + side * 230} 260 C${cx + side * 250} 200 ${cx + side * 230} 150 ${cx + side * 180} 140 C${cx + side * 170} 220 ${cx + side * 180} 300 ${cx + side * 250} 330 Z" fill="${PALETTE.lobster}"/>`;
  const legs = [0, 1, 2, 3]
    .flatMap((index) =>
      [-1, 1].map(
        (side) =>
          `<path d="M${cx + side * 60} ${530 + index * 30} q${side * 90} ${10 + index * 10} ${side * 130} ${60 + index * 20}" fill="none" stroke="${PALETTE.lobsterDark}" stroke-width="12" stroke-linecap="round"/>`,
      ),
    )
    .join('');
  return svgDocument(
    width,
    height,
    `<defs>${VIGNETTE}</defs>
    ${tableTop(width, height)}
    ${plate(cx, 620, 560, 470)}
    ${legs}
    ${claw(1)}${claw(-1)}
    <ellipse cx="${cx}" cy="540" rx="110" ry="150" fill="${PALETTE.lobster}"/>
    <path d="M${cx - 96} 580 Q${cx} 620 ${cx + 96} 580" fill="none" stroke="${PALETTE.lobsterDark}" stroke-width="8"/>
    <circle cx="${cx - 34}" cy="420" r="10" fill="${PALETTE.navy}"/><circle cx="${cx + 34}" cy="420" r="10" fill="${PALETTE.navy}"/>
    <path d="M${cx - 20} 400 C${cx - 120} 260 ${cx - 260} 200 ${cx - 360} 190 M${cx + 20} 400 C${cx + 120} 260 ${cx + 260} 200 ${cx + 360} 190" fill="none" stroke="${PALETTE.lobsterDark}" stroke-width="6"/>
    ${tail}
    <path d="M${cx - 24} 900 L${cx - 90} 975 Q${cx} 1010 ${cx + 90} 975 L${cx + 24} 900 Z" fill="${PALETTE.lobsterDark}"/><path d="M${cx - 30} 930 L${cx - 40} 985 M${cx + 30} 930 L${cx + 40} 985" stroke="${PALETTE.lobster}" stroke-width="8"/>
    ${lemonWedge(1110, 820, 90, -30)}
    <ellipse cx="470" cy="830" rx="100" ry="80" fill="${PALETTE.white}" stroke="${PALETTE.sand}" stroke-width="10"/>
    <ellipse cx="470" cy="820" rx="76" ry="56" fill="#f7d774"/>
    ${herbs(1130, 470, 1.6)}${herbs(500, 470, 1.2)}`,
  );
}

function shrimpDish(): string {
  const [width, height] = [1600, 1200];
  const noodles = Array.from({ length: 14 }, (_, index) => {
    const y = 460 + index * 22;
    return `<path d="M${520 + (index % 3) * 20} ${y} C700 ${y - 80} 900 ${y + 80} ${1080 - (index % 4) * 20} ${y}" fill="none" stroke="#f3dd9b" stroke-width="16" stroke-linecap="round"/>`;
  }).join('');
  const shrimp = (x: number, y: number, rotate: number) => `<g transform="translate(${x} ${y}) rotate(${rotate})">
    <path d="M0 -60 A60 60 0 1 1 -58 14" fill="none" stroke="${PALETTE.salmon}" stroke-width="42" stroke-linecap="round"/>
    <path d="M0 -60 A60 60 0 1 1 -58 14" fill="none" stroke="#fbd0b9" stroke-width="8" stroke-dasharray="14 22"/>
    <path d="M-58 14 l-40 10 l16 -36 Z" fill="${PALETTE.lobster}"/>
  </g>`;
  return svgDocument(
    width,
    height,
    `<defs>${VIGNETTE}</defs>
    <rect width="${width}" height="${height}" fill="${PALETTE.navy}"/>
    <rect width="${width}" height="${height}" fill="url(#vignette)"/>
    <rect x="1180" y="120" width="90" height="960" rx="20" fill="${PALETTE.sand}" opacity="0.9"/>
    <ellipse cx="812" cy="632" rx="470" ry="400" fill="#000" opacity="0.3"/>
    <ellipse cx="800" cy="600" rx="470" ry="400" fill="${PALETTE.seafoam}"/>
    <ellipse cx="800" cy="600" rx="360" ry="300" fill="${PALETTE.white}"/>
    ${noodles}
    ${shrimp(640, 520, 10)}${shrimp(900, 470, 80)}${shrimp(960, 700, 160)}${shrimp(700, 740, 230)}${shrimp(820, 600, 300)}
    ${herbs(760, 430, 0.9)}${herbs(1010, 590, 0.8)}${herbs(600, 650, 0.8)}
    ${[
      [720, 560],
      [880, 660],
      [980, 520],
      [640, 700],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="${PALETTE.lobster}"/>`)
      .join('')}
    ${lemonWedge(260, 980, 80, 20)}`,
  );
}

function grilledSalmon(): string {
  const [width, height] = [1600, 1200];
  const grill = [0, 1, 2, 3, 4].map((index) => `<path d="M${560 + index * 110} 470 l-90 260" stroke="#7a3b22" stroke-width="18" stroke-linecap="round" opacity="0.75"/>`).join('');
  const asparagus = [0, 1, 2, 3, 4]
    .map((index) => {
      const y = 790 + index * 26;
      return `<path d="M420 ${y} L980 ${y - 40}" stroke="${PALETTE.herb}" stroke-width="22" stroke-linecap="round"/><path d="M960 ${y - 40} l50 -6 l-40 26 Z" fill="#3b6e2c"/>`;
    })
    .join('');
  return svgDocument(
    width,
    height,
    `<defs>${VIGNETTE}
      <linearGradient id="fillet" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7a47c"/><stop offset="1" stop-color="${PALETTE.salmon}"/></linearGradient>
    </defs>
    ${tableTop(width, height)}
    ${plate(800, 620, 600, 480)}
    <path d="M470 560 C520 430 800 400 1080 440 C1180 455 1220 520 1190 600 C1160 690 960 740 720 730 C540 722 440 660 470 560 Z" fill="url(#fillet)"/>
    <path d="M520 600 C700 560 900 560 1150 560" fill="none" stroke="#fde2d3" stroke-width="10" opacity="0.8"/>
    <path d="M560 520 C640 500 720 500 800 520 M840 500 C920 480 1000 480 1080 500" fill="none" stroke="#fde2d3" stroke-width="8" opacity="0.6"/>
    ${grill}
    ${asparagus}
    ${lemonWedge(1160, 820, 85, -10)}
    ${herbs(1060, 470, 1.1)}${herbs(1120, 520, 0.9)}`,
  );
}

function diningRoom(): string {
  const [width, height] = [1600, 1000];
  const windows = [0, 1, 2]
    .map((index) => {
      const x = 160 + index * 460;
      return `<rect x="${x}" y="140" width="360" height="420" rx="8" fill="${PALETTE.seafoam}" stroke="${PALETTE.white}" stroke-width="18"/>
      ${wave(360, 420, 8, 120, 560, PALETTE.blueChill).replace('<path', `<path transform="translate(${x} 0)"`)}
      <line x1="${x + 180}" y1="140" x2="${x + 180}" y2="560" stroke="${PALETTE.white}" stroke-width="12"/>`;
    })
    .join('');
  const lamps = [380, 800, 1220]
    .map(
      (x) =>
        `<line x1="${x}" y1="0" x2="${x}" y2="150" stroke="${PALETTE.navy}" stroke-width="6"/><path d="M${x - 70} 210 L${x - 40} 150 L${x + 40} 150 L${x + 70} 210 Z" fill="${PALETTE.lobster}"/><ellipse cx="${x}" cy="214" rx="40" ry="10" fill="#fff1b8"/>`,
    )
    .join('');
  // A table seen from the side with a chair either side: seat, back post and front leg.
  const chair = (x: number, side: 1 | -1) => `
    <rect x="${x - 30}" y="740" width="60" height="14" rx="4" fill="${PALETTE.navy}"/>
    <rect x="${x - side * 30 - 6}" y="620" width="12" height="240" rx="4" fill="${PALETTE.navy}"/>
    <rect x="${x + side * 24 - 6}" y="754" width="12" height="106" rx="4" fill="${PALETTE.navy}"/>`;
  const table = (x: number) => `
    ${chair(x - 50, -1)}${chair(x + 250, 1)}
    <rect x="${x}" y="690" width="200" height="20" rx="6" fill="${PALETTE.woodDark}"/>
    <rect x="${x + 90}" y="710" width="20" height="140" fill="${PALETTE.woodDark}"/>
    <rect x="${x + 50}" y="850" width="100" height="12" rx="6" fill="${PALETTE.woodDark}"/>
    <ellipse cx="${x + 55}" cy="686" rx="34" ry="8" fill="${PALETTE.white}"/><ellipse cx="${x + 145}" cy="686" rx="34" ry="8" fill="${PALETTE.white}"/>
    <rect x="${x + 94}" y="650" width="12" height="36" rx="4" fill="${PALETTE.blueChill}"/>`;
  return svgDocument(
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${PALETTE.shoreline}"/>
    <rect y="600" width="${width}" height="40" fill="${PALETTE.navyLight}"/>
    <rect y="640" width="${width}" height="360" fill="${PALETTE.sand}"/>
    ${Array.from({ length: 16 }, (_, index) => `<line x1="${index * 100}" y1="640" x2="${index * 100 - 60}" y2="1000" stroke="#d9d2c5" stroke-width="4"/>`).join('')}
    ${windows}
    ${lamps}
    ${table(160)}${table(690)}${table(1220)}
    <rect x="1500" y="260" width="60" height="340" fill="${PALETTE.lobster}" opacity="0.85"/>`,
  );
}

function restaurantExterior(): string {
  const [width, height] = [1600, 1000];
  const windows = [420, 590, 870, 1040].map((x) => `<rect x="${x}" y="470" width="140" height="180" rx="6" fill="#fff1b8" stroke="${PALETTE.white}" stroke-width="10"/>`).join('');
  const awning = Array.from({ length: 12 }, (_, index) => `<path d="M${380 + index * 70} 420 h70 l-8 60 h-54 Z" fill="${index % 2 ? PALETTE.white : PALETTE.lobster}"/>`).join('');
  const stars = [
    [140, 120],
    [320, 80],
    [1280, 100],
    [1460, 180],
    [980, 60],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="4" fill="${PALETTE.shoreline}"/>`)
    .join('');
  return svgDocument(
    width,
    height,
    `<defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${PALETTE.navy}"/><stop offset="0.7" stop-color="${PALETTE.blueChill}"/><stop offset="1" stop-color="#f3c9a8"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#dusk)"/>
    ${stars}
    <rect x="360" y="260" width="880" height="500" fill="${PALETTE.shoreline}"/>
    <path d="M330 270 L800 130 L1270 270 Z" fill="${PALETTE.navyLight}"/>
    <rect x="560" y="300" width="480" height="96" rx="14" fill="${PALETTE.lobster}"/>
    <text x="800" y="366" font-family="Georgia, 'DejaVu Serif', serif" font-size="52" font-weight="700" fill="${PALETTE.white}" text-anchor="middle" textLength="400" lengthAdjust="spacingAndGlyphs">RED HARBOR</text>
    ${awning}
    ${windows}
    <rect x="745" y="560" width="110" height="200" rx="8" fill="${PALETTE.navy}"/>
    <circle cx="840" cy="664" r="8" fill="${PALETTE.lemon}"/>
    <rect y="760" width="${width}" height="240" fill="#4a545b"/>
    <rect y="760" width="${width}" height="20" fill="${PALETTE.sand}"/>
    ${[0, 1, 2, 3, 4, 5, 6].map((index) => `<rect x="${80 + index * 220}" y="880" width="120" height="14" fill="${PALETTE.shoreline}" opacity="0.6"/>`).join('')}
    <rect x="200" y="520" width="18" height="240" fill="${PALETTE.navy}"/><circle cx="209" cy="510" r="26" fill="#fff1b8"/>
    <rect x="1382" y="520" width="18" height="240" fill="${PALETTE.navy}"/><circle cx="1391" cy="510" r="26" fill="#fff1b8"/>`,
  );
}
