import { gettext } from '../lib/i18n';

/** Props of the 'error 404' template. */
export interface Error404Props {
  title: string;
}

/** Shown for any address that has no page. */
export default function Error404({ title }: Error404Props) {
  return (
    <section className="template-error container">
      <p className="template-error__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{title}</h1>
      <p className="template-error__message">{gettext('The page you are looking for does not exist, sorry.')}</p>
      <a className="button button--primary" href="/">
        {gettext('Return to Homepage')}
      </a>
    </section>
  );
}
