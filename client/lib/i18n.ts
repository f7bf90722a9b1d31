let catalog: Readonly<Record<string, string>> = {};

/** Installs the translations for this page's language; called once before rendering. */
export function registerCatalog(entries: Record<string, string>): void {
  catalog = entries;
}

/** The translation of `message`, or the message itself when the catalog has none. */
export function gettext(message: string): string {
  return catalog[message] ?? message;
}

/** gettext with `{name}` placeholders filled from `values`. */
export function interpolate(message: string, values: Record<string, string | number>): string {
  return gettext(message).replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/**
 * The singular or plural of a message for `count`, translated, with `{count}` and the other
 * placeholders filled. English's rule (one vs other) picks the form; the catalog keeps both.
 */
export function ngettext(singular: string, plural: string, count: number, values: Record<string, string | number> = {}): string {
  return interpolate(count === 1 ? singular : plural, { count, ...values });
}
