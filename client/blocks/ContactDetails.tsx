import { interpolate } from '../lib/i18n';
import { telUrl } from '../lib/location-links';

/** Props of the contact details block: the site settings' phone, hours and room sizes. */
export interface ContactDetailsProps {
  heading: string | null;
  /** Sanitized editor text shown before the phone line. */
  html: string | null;
  phone: string;
  hours: string | null;
  privateDiningGuests: { min: number; max: number } | null;
}

/** The guest phone line with its hours and, when asked, how many guests a private room seats. */
export default function ContactDetails({ heading, html, phone, hours, privateDiningGuests }: ContactDetailsProps) {
  // The number is a link inside a translated sentence: the sentence is split at its placeholder.
  const [before, after] = interpolate(hours ? 'Call us at {phone}, {hours}.' : 'Call us at {phone}.', { hours: hours ?? '' }).split('{phone}');
  return (
    <section className="contact-details">
      {heading && <h2 className="contact-details__heading">{heading}</h2>}
      {html && <div className="contact-details__text rich-text" dangerouslySetInnerHTML={{ __html: html }} />}
      <p className="contact-details__phone">
        {before}
        <a href={telUrl(phone)}>{phone}</a>
        {after}
      </p>
      {privateDiningGuests && <p className="contact-details__rooms">{interpolate('Private dining rooms for {min} to {max} guests.', privateDiningGuests)}</p>}
    </section>
  );
}
