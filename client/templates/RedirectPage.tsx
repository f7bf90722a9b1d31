/** Props of the 'redirect' template: the page's title, its only words. */
export interface RedirectPageProps {
  title: string;
}

/**
 * A redirect page renders only the shell (SPEC §2 item 14). Its title is still the page's h1,
 * hidden from sight, so screen readers and search engines learn what the page is.
 */
export default function RedirectPage({ title }: RedirectPageProps) {
  return <h1 className="visually-hidden">{title}</h1>;
}
