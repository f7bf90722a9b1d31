// Isomorphic: the back office's slug field (admin-client) and the server's page rules use the same slugs.
/** A valid page slug: lowercase ASCII letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Longest slug the pages.slug column (varchar(255)) can hold. */
export const SLUG_MAX_LENGTH = 255;

/** Slug used when a title has nothing transliterable in it (e.g. only punctuation or CJK). */
export const FALLBACK_SLUG = 'page';

// Letters that NFKD does not decompose into base letter + combining mark, so stripping
// marks alone would drop them (and "Straße" would become "strae").
const TRANSLITERATIONS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Whether a string is an acceptable slug (pattern and length). */
export function isValidSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
}

/** Turns a title into a slug: lowercase ASCII, accents stripped, hyphen-separated; 'page' if nothing is left. */
export function slugify(text: string): string {
  const ascii = text
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => TRANSLITERATIONS[letter] ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
  const slug = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
  return slug || FALLBACK_SLUG;
}
