import { boundedText } from './fields';

/** The message for a phone number that is not a North American one. */
export const INVALID_PHONE_MESSAGE = 'Enter a valid phone number, such as 407-555-0123.';
/** The message for a ZIP or postal code in neither the US nor the Canadian format. */
export const INVALID_POSTCODE_MESSAGE = 'Enter a valid ZIP or postal code, such as 32801 or M5V 2T6.';

const US_OR_CA_POSTCODE = /^(\d{5}(-\d{4})?|[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d)$/i;

/** A US ZIP (or ZIP+4) or Canadian postal code, stored uppercased. */
export function postcodeSchema({ required = true }: { required?: boolean } = {}) {
  return boundedText({ required, max: 10 })
    .refine((value) => !value || US_OR_CA_POSTCODE.test(value), INVALID_POSTCODE_MESSAGE)
    .transform((value) => value.toUpperCase());
}

/** A ten-digit North American number, punctuation allowed, stored as typed. */
export function phoneSchema() {
  return boundedText({ max: 20 }).refine((value) => {
    const digits = value.replace(/\D/g, '');
    return /^[\d\s().+-]+$/.test(value) && (digits.length === 10 || (digits.length === 11 && digits.startsWith('1')));
  }, INVALID_PHONE_MESSAGE);
}

/** The days in a month of a leap year, so 29 February stays a valid birthday. */
export function daysInMonth(month: number): number {
  return new Date(Date.UTC(2000, month, 0)).getUTCDate();
}
