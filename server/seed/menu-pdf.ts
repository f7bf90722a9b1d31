import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { DEMO_MENU, formatMenuPrice, MENU_ALLERGEN_NOTE, MENU_FINEPRINT } from './demo-menu';

// US Letter in points, with a half-inch-and-a-bit margin.
const PAGE_SIZE: [number, number] = [612, 792];
const MARGIN = 54;
const LOBSTER = rgb(0.784, 0.157, 0.118);
const NAVY = rgb(0.059, 0.165, 0.239);
const INK = rgb(0.29, 0.33, 0.357);

/** Words of `text` in lines no wider than `width` at this font and size. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Writes down the page from the top, starting a new page when the next part does not fit. */
class MenuWriter {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; display: PDFFont },
  ) {
    this.page = pdf.addPage(PAGE_SIZE);
    this.y = PAGE_SIZE[1] - MARGIN;
  }

  /** Makes room for `height` points, on a new page when this one is full. */
  room(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(PAGE_SIZE);
    this.y = PAGE_SIZE[1] - MARGIN;
  }

  /** A heading line in the display face, kept on one page with the first lines below it. */
  heading(text: string, size: number, color = NAVY): void {
    this.room(size * 2.2 + 48);
    this.y -= size * 1.4;
    this.page.drawText(text, { x: MARGIN, y: this.y, size, font: this.fonts.display, color });
    this.y -= size * 0.5;
  }

  /** A paragraph wrapped to the text width. */
  paragraph(text: string, size: number, font = this.fonts.regular, color = INK): void {
    for (const line of wrap(text, font, size, PAGE_SIZE[0] - 2 * MARGIN)) {
      this.room(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
    }
  }

  /** A dish: name and price on one line, the description wrapped beneath. */
  dish(name: string, description: string, price: string): void {
    const width = PAGE_SIZE[0] - 2 * MARGIN;
    const lines = wrap(description, this.fonts.regular, 9.5, width - 80);
    this.room(14 + lines.length * 12.5 + 8);
    this.y -= 14;
    this.page.drawText(name, { x: MARGIN, y: this.y, size: 11.5, font: this.fonts.bold, color: NAVY });
    const priceWidth = this.fonts.bold.widthOfTextAtSize(price, 11.5);
    this.page.drawText(price, { x: MARGIN + width - priceWidth, y: this.y, size: 11.5, font: this.fonts.bold, color: LOBSTER });
    for (const line of lines) {
      this.y -= 12.5;
      this.page.drawText(line, { x: MARGIN, y: this.y, size: 9.5, font: this.fonts.regular, color: INK });
    }
    this.y -= 8;
  }

  /** A thin rule across the text width. */
  rule(): void {
    this.room(12);
    this.y -= 6;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE_SIZE[0] - MARGIN, y: this.y }, thickness: 0.75, color: LOBSTER });
    this.y -= 6;
  }
}

/**
 * The demo menu as a printable PDF: every category with its dishes and prices, the allergen
 * note and the fine print. Made without a clock, so the same menu gives the same bytes.
 */
export async function demoMenuPdf(brandName: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`${brandName} Menu`);
  pdf.setAuthor(brandName);
  pdf.setSubject('Dishes, prices and allergen information');
  const writer = new MenuWriter(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    display: await pdf.embedFont(StandardFonts.TimesRomanBold),
  });
  writer.heading(`${brandName} Menu`, 28, LOBSTER);
  writer.paragraph('Fresh seafood, cooked to order.', 12);
  for (const category of DEMO_MENU) {
    writer.heading(category.name, 17);
    writer.rule();
    for (const dish of category.dishes) writer.dish(dish.name, dish.description, formatMenuPrice(dish.price));
  }
  writer.heading('Allergen information', 15);
  writer.rule();
  writer.paragraph(MENU_ALLERGEN_NOTE[0]!, 10, undefined, NAVY);
  writer.paragraph(MENU_ALLERGEN_NOTE.slice(1).join(' '), 10);
  writer.paragraph(MENU_FINEPRINT, 8.5);
  return pdf.save();
}
