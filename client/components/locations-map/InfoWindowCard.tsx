import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { gettext } from '../../lib/i18n';
import type { PixelPoint } from '../../lib/offline-map/projection';

/** Props of the built-in map's info window. */
export interface InfoWindowCardProps {
  /** The pixel the card points at (a marker's tip); without it nothing can be shown. */
  anchor: PixelPoint | null;
  /** How far above the anchor the card's arrow sits: the marker's height. */
  offsetY: number;
  label: string;
  onClose(): void;
  /** The content; the given ref goes on its heading, which takes the focus when the card opens. */
  children(headingRef: RefObject<HTMLHeadingElement | null>): ReactNode;
}

/**
 * A card above a marker, like a maps info window. It traps no focus: it takes it when opened
 * and Escape or the close button hand it back (the page returns it to the opener).
 */
export function InfoWindowCard({ anchor, offsetY, label, onClose, children }: InfoWindowCardProps) {
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const hasAnchor = anchor !== null && Number.isFinite(anchor.x) && Number.isFinite(anchor.y);
  useEffect(() => {
    if (hasAnchor) headingRef.current?.focus({ preventScroll: true });
  }, [hasAnchor]);
  if (!hasAnchor) {
    if (process.env.NODE_ENV !== 'production') console.warn('InfoWindow has no anchor or position; nothing is shown');
    return null;
  }
  return (
    <div
      className="map-info-window"
      role="dialog"
      aria-label={label}
      style={{ left: `${anchor.x}px`, top: `${anchor.y - offsetY}px` }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <button className="map-info-window__close" type="button" aria-label={gettext('Close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {children(headingRef)}
    </div>
  );
}
