import Footer from '../components/Footer';
import type { FooterContent } from '../lib/page-data';

/** The 'footer' template: the footer content alone (the footer page, and /blocks/footer/). */
export default function FooterTemplate(props: FooterContent) {
  return <Footer content={props} />;
}
