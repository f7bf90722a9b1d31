/** The map pin of the built-in map and the map images: a teardrop whose tip marks the spot. */

/** Width and height of the pin drawing; the tip is at the bottom middle. */
export const PIN_SIZE = { width: 32, height: 42 } as const;

/** The teardrop outline, tip at (16, 42). */
export const PIN_PATH = 'M16 42C16 42 2 25.5 2 15.5A14 14 0 0 1 30 15.5C30 25.5 16 42 16 42Z';

/** Where the pin's glyph (letter or dot) is centred. */
export const PIN_GLYPH_CENTER = { x: 16, y: 15.5 } as const;
