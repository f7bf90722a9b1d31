import { useEffect, useRef, useState } from 'react';
import type { ImageProps } from '../../server/models/renditions';
import { Button } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';
import { formatShortDate } from '../lib/format-date';
import { gettext, interpolate } from '../lib/i18n';

/** Props of the printable coupon block; dates are ISO (YYYY-MM-DD). */
export interface PrintableCouponProps {
  heading: string | null;
  couponImage: ImageProps | null;
  expiresOn: string;
  /** Worked out by the server when the page was built, so both renders agree. */
  isExpired: boolean;
  fineprint: string | null;
}

/** SPEC §4 Coupon: the printable view until 'Print Coupon' is pressed, then the thank-you view. */
type CouponView = 'printable' | 'thank-you';

/**
 * A coupon to print. 'Print Coupon' opens the browser's print dialog and then thanks the guest;
 * the coupon stays in the page (hidden on screen) so printing again still prints only it.
 */
export default function PrintableCoupon({ heading, couponImage, expiresOn, isExpired, fineprint }: PrintableCouponProps) {
  const [view, setView] = useState<CouponView>('printable');
  const thanksHeading = useRef<HTMLHeadingElement>(null);

  // The button that had focus is gone in the thank-you view; move focus to what replaced it.
  useEffect(() => {
    if (view === 'thank-you') thanksHeading.current?.focus();
  }, [view]);

  if (!couponImage) return null;
  const expiry = formatShortDate(expiresOn);

  if (isExpired) {
    return (
      <section className="coupon coupon--expired">
        {heading && <h2 className="coupon__heading">{heading}</h2>}
        <p className="coupon__notice">{interpolate('This offer expired on {date}.', { date: expiry })}</p>
      </section>
    );
  }

  function print(): void {
    window.print();
    setView('thank-you');
  }

  return (
    <section className={`coupon coupon--${view}`}>
      <div className="coupon__sheet" hidden={view !== 'printable'}>
        <ResponsiveImage {...couponImage} className="coupon__image" />
        <div className="coupon__details">
          {heading && <h2 className="coupon__heading">{heading}</h2>}
          <p className="coupon__expiry">
            <time dateTime={expiresOn}>{interpolate('Expires {date}', { date: expiry })}</time>
          </p>
          {fineprint && <p className="media-fineprint coupon__fineprint">{fineprint}</p>}
        </div>
      </div>
      {view === 'printable' ? (
        <div className="coupon__actions">
          <Button onClick={print} className="coupon__print">
            {gettext('Print Coupon')}
          </Button>
        </div>
      ) : (
        <div className="coupon__thanks">
          <h2 className="coupon__thanks-heading" ref={thanksHeading} tabIndex={-1}>
            {gettext('Thank you!')}
          </h2>
          <p>{gettext('Your coupon is on its way to your printer. Bring it with you on your next visit.')}</p>
          <Button style="secondary" onClick={() => window.print()} className="coupon__print-again">
            {gettext('Print Again')}
          </Button>
        </div>
      )}
    </section>
  );
}
