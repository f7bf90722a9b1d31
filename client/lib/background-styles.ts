/** The background styles an editor can give a utility page or footer (SPEC §1), in menu order. */
export const BACKGROUND_STYLES = ['wood-texture', 'lighthouse', 'faded-shoreline', 'military-monday', 'lobster', 'blue-chill'] as const;

/** One of BACKGROUND_STYLES. */
export type BackgroundStyle = (typeof BACKGROUND_STYLES)[number];

/** Whether a stored value names a background style; use it to narrow content strings. */
export function isBackgroundStyle(value: string): value is BackgroundStyle {
  return (BACKGROUND_STYLES as readonly string[]).includes(value);
}

/** The class of static/css/backgrounds.css that paints `style`: artwork, fallback colour and text colours. */
export function backgroundClassName(style: BackgroundStyle): string {
  return `bg-${style}`;
}
