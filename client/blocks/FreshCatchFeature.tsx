import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import Icon from '../components/Icon';
import ResponsiveImage from '../components/ResponsiveImage';
import { gettext } from '../lib/i18n';

/** A fish on the day's board. */
export interface FreshCatchFish {
  name: string;
  origin: string | null;
  preparation: string | null;
}

/** Props of the fresh catch feature block. */
export interface FreshCatchFeatureProps {
  heading: string;
  intro: string | null;
  fish: FreshCatchFish[];
  image: ImageProps | null;
  link: LinkProps | null;
}

/** The day's catch as a dockside board: each fish with where it came from and how it is cooked. */
export default function FreshCatchFeature({ heading, intro, fish, image, link }: FreshCatchFeatureProps) {
  return (
    <section className={`fresh-catch${image ? ' fresh-catch--has-image' : ''}`}>
      {image && (
        <div className="fresh-catch__media">
          <ResponsiveImage {...image} />
        </div>
      )}
      <div className="fresh-catch__board">
        <h2 className="fresh-catch__heading">{heading}</h2>
        {intro && <p className="fresh-catch__intro">{intro}</p>}
        <dl className="fresh-catch__list">
          {fish.map((item, index) => (
            <div key={index} className="fresh-catch__fish">
              <dt className="fresh-catch__name">{item.name}</dt>
              {item.origin && (
                <dd className="fresh-catch__origin">
                  <Icon name="pin" />
                  <span className="visually-hidden">{gettext('Origin:')} </span>
                  {item.origin}
                </dd>
              )}
              {item.preparation && (
                <dd className="fresh-catch__preparation">
                  <span className="visually-hidden">{gettext('Preparation:')} </span>
                  {item.preparation}
                </dd>
              )}
            </div>
          ))}
        </dl>
        {link && <ButtonLink link={link} className="fresh-catch__cta" />}
      </div>
    </section>
  );
}
