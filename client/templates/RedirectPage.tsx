/** Props of the 'redirect' template: it shows nothing of its own. */
export type RedirectPageProps = Record<string, never>;

/** A redirect page renders only the shell (SPEC §2 item 14): its main area stays empty. */
export default function RedirectPage(_props: RedirectPageProps) {
  return null;
}
