/** Escapes LIKE's wildcards in text matched literally (paths hold none; slugs and titles might). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** An ILIKE pattern matching `word` anywhere, its wildcards escaped. */
export function likePattern(word: string): string {
  return `%${escapeLike(word)}%`;
}

/** The words of a title search, at most ten. */
export function titleWords(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean).slice(0, 10);
}
