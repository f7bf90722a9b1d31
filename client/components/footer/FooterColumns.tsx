import type { FooterColumn } from '../../lib/page-data';
import MenuLinkAnchor from '../MenuLinkAnchor';

/**
 * Footer link columns. A collapsible column folds away on small screens; its title is the
 * label of a checkbox that toggles it, so it works before and without JavaScript.
 */
export default function FooterColumns({ columns }: { columns: FooterColumn[] }) {
  return (
    <div className="footer-columns">
      {columns.map((column, index) => {
        const toggleId = `footer-column-${index}`;
        const links = (
          <ul className="footer-column__links">
            {column.links.map((link) => (
              <li key={link.url}>
                <MenuLinkAnchor url={link.url} linkType={link.link_type}>
                  {link.display_name}
                </MenuLinkAnchor>
              </li>
            ))}
          </ul>
        );
        if (!column.is_collapsable) {
          return (
            <section key={index} className="footer-column">
              <h2 className="footer-column__title">{column.title}</h2>
              {links}
            </section>
          );
        }
        return (
          <section key={index} className="footer-column footer-column--collapsable">
            <input type="checkbox" id={toggleId} className="footer-column__toggle" />
            <h2 className="footer-column__title">
              <label htmlFor={toggleId}>{column.title}</label>
            </h2>
            {links}
          </section>
        );
      })}
    </div>
  );
}
