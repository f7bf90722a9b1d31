/**
 * The editor's icons as inline SVG (24px grid, stroked): emoji and symbol fonts are missing on
 * many admin machines, so glyphs would show as boxes.
 */

const ICON_PATHS = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  duplicate: 'M8 8h12v12H8zM4 16V4h12',
  copy: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M9 12h6M9 16h4',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  link: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  close: 'M6 6l12 12M18 6L6 18',
  drag: 'M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01',
} as const;

/** The icons the editor draws. */
export type IconName = keyof typeof ICON_PATHS;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A decorative icon (hidden from assistive technology: its button carries the label). */
export function icon(name: IconName): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [attribute, value] of Object.entries({
    viewBox: '0 0 24 24',
    width: '18',
    height: '18',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': name === 'drag' ? '3.2' : '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
    class: 'sf-icon',
  })) {
    svg.setAttribute(attribute, value);
  }
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', ICON_PATHS[name]);
  svg.append(path);
  return svg;
}
