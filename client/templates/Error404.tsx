import { gettext, interpolate } from '../lib/i18n';
import { usePageContext } from '../lib/page-context';

/** Props of the 'error 404' template; `code` and `message` set, it also says 'gone' (410). */
export interface Error404Props {
  title: string;
  /** The status shown large: 404 unless said otherwise. */
  code?: 404 | 410;
  /** What happened, instead of the not-found sentence. */
  message?: string;
}

/** Shown for any address that has no page, and for what is gone for good (a closed restaurant). */
export default function Error404({ title, code = 404, message }: Error404Props) {
  const { site } = usePageContext();
  return (
    <section className="template-error container">
      <p className="template-error__code" aria-hidden="true">
        {code}
      </p>
      <h1 className="page-title">{title}</h1>
      <p className="template-error__message">{message ?? gettext('The page you are looking for does not exist, sorry.')}</p>
      <p className="template-error__actions">
        {code === 410 && site.locatorUrl && (
          <a className="button button--secondary" href={site.locatorUrl}>
            {interpolate('Find a different {brand}', { brand: site.brandName })}
          </a>
        )}
        <a className="button button--primary" href="/">
          {gettext('Return to Homepage')}
        </a>
      </p>
    </section>
  );
}
