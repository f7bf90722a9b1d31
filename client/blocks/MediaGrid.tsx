import type { ImageProps } from '../../server/models/renditions';
import { ButtonLink, type LinkProps } from '../components/Button';
import ResponsiveImage from '../components/ResponsiveImage';
import VideoPlayer, { type VideoData } from './VideoPlayer';

/** One tile of the media grid; widths are columns out of 12. */
export interface MediaGridTileProps {
  image: ImageProps | null;
  video: VideoData | null;
  /** Muted, looping and autoplaying while on screen, rather than waiting for Play. */
  isBackgroundVideo: boolean;
  heading: string | null;
  link: LinkProps | null;
  desktopWidth: number;
  mobileWidth: number;
}

/** Props of the media grid block. */
export interface MediaGridProps {
  heading: string | null;
  tiles: MediaGridTileProps[];
  fineprint: string | null;
  /** Columns out of 12 the fine print spans on wide screens. */
  fineprintWidth: number;
}

/** The class that spans `columns` of the 12-column grid at one breakpoint ('m' small, 'd' wide). */
function spanClass(element: string, breakpoint: 'm' | 'd', columns: number): string {
  return `${element}--${breakpoint}-${columns}`;
}

function Tile({ tile }: { tile: MediaGridTileProps }) {
  const classes = ['media-grid__tile', spanClass('media-grid__tile', 'm', tile.mobileWidth), spanClass('media-grid__tile', 'd', tile.desktopWidth)];
  if (tile.video) classes.push('media-grid__tile--video');
  const hasCaption = Boolean(tile.heading || tile.link);
  if (hasCaption) classes.push('media-grid__tile--captioned');
  return (
    <li className={classes.join(' ')}>
      {tile.video ? <VideoPlayer video={tile.video} autoplay={tile.isBackgroundVideo} /> : tile.image && <ResponsiveImage {...tile.image} className="media-grid__image" />}
      {hasCaption && (
        <div className="media-grid__caption">
          {tile.heading && <h3 className="media-grid__heading">{tile.heading}</h3>}
          {tile.link && <ButtonLink link={tile.link} className="media-grid__cta" />}
        </div>
      )}
    </li>
  );
}

/** Picture and video tiles on the 12-column grid, each as wide as its editor chose per screen size. */
export default function MediaGrid({ heading, tiles, fineprint, fineprintWidth }: MediaGridProps) {
  return (
    <section className="media-grid">
      {heading && <h2 className="media-grid__title">{heading}</h2>}
      <ul className="media-grid__tiles">
        {tiles.map((tile, index) => (
          <Tile key={index} tile={tile} />
        ))}
      </ul>
      {fineprint && (
        <div className="media-grid__footer">
          <p className={`media-fineprint media-grid__fineprint ${spanClass('media-grid__fineprint', 'd', fineprintWidth)}`}>{fineprint}</p>
        </div>
      )}
    </section>
  );
}
