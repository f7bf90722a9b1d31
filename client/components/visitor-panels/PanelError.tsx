import { gettext } from '../../lib/i18n';
import { GuestRequestRefused } from '../../lib/guest-api';

/** What went wrong, for the guest: the API's own words when it refused, else a general line (the error is logged). */
export function panelErrorMessage(error: unknown): string {
  if (error instanceof GuestRequestRefused) return error.message;
  console.error(error);
  return gettext('Something went wrong. Please try again, or call the restaurant.');
}

/** The error line of a panel, announced when it appears. */
export default function PanelError({ message }: { message: string | null }) {
  return (
    <p className="visitor-panel__error" role="alert">
      {message}
    </p>
  );
}
