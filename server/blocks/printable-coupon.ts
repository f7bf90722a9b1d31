import { z } from 'zod';
import type { PrintableCouponProps } from '../../client/blocks/PrintableCoupon';
import { optionalText } from './media-fields';
import { imageRefSchema, resolveImage } from './references';
import { defineBlock } from './types';

const TWELVE_HOURS = 12 * 60 * 60 * 1000;

/**
 * Today's date where the day ends last (UTC-12): a coupon stays printable until its expiry day
 * is over for every guest, whatever time zone their restaurant is in.
 */
function latestToday(now: Date): string {
  return new Date(now.getTime() - TWELVE_HOURS).toISOString().slice(0, 10);
}

/** A coupon to print (SPEC §3 Coupon: image and expires_on), with the offer and its fine print. */
export const printableCouponBlock = defineBlock({
  type: 'printable_coupon',
  label: 'Printable coupon',
  schema: z.object({
    heading: optionalText(120).meta({ label: 'Offer', help_text: 'Such as "$5 off two entrées".' }),
    coupon_image: imageRefSchema,
    expires_on: z.iso.date().meta({ help_text: 'The last day the coupon is good for, as YYYY-MM-DD.' }),
    fineprint: optionalText(600).meta({ label: 'Fine print', widget: 'textarea' }),
  }),
  toProps: async (value, context): Promise<PrintableCouponProps> => ({
    heading: value.heading || null,
    // The original encoding, not WebP: print drivers and older PDF printers handle JPEG and PNG best.
    couponImage: await resolveImage(context, value.coupon_image, { spec: 'max-1200x1200', sizes: '(min-width: 841px) 560px, 100vw' }),
    expiresOn: value.expires_on,
    isExpired: value.expires_on < latestToday(new Date()),
    fineprint: value.fineprint || null,
  }),
});
