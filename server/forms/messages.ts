/**
 * The validation messages of server forms, worded as Django words them so visitors see the
 * same sentences the original site showed.
 */
export const REQUIRED_MESSAGE = 'This field is required.';
/** An address that is not an email address. */
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address.';

/** Text longer than its field allows. */
export function tooLongMessage(max: number, length: number): string {
  return `Ensure this value has at most ${max} characters (it has ${length}).`;
}

/** Text shorter than its field needs. */
export function tooShortMessage(min: number, length: number): string {
  return `Ensure this value has at least ${min} characters (it has ${length}).`;
}

/** A posted value that is none of the field's choices. */
export function invalidChoiceMessage(value: string): string {
  return `Select a valid choice. ${value} is not one of the available choices.`;
}
