import { ButtonLink, type LinkProps } from '../components/Button';
import ArtDirectedImage, { type ArtDirectedImageProps } from './ArtDirectedImage';
import type { TextStyle } from './Hero';
import VideoPlayer, { type VideoData } from './VideoPlayer';

/** Props of the full-width media block; the call to action shows when any part of it is set. */
export interface FullWidthMediaProps {
  image: ArtDirectedImageProps | null;
  /** A background video: muted, looping, playing while on screen. Replaces the image. */
  video: VideoData | null;
  heading: string | null;
  text: string | null;
  link: LinkProps | null;
  textStyle: TextStyle;
}

/** A picture or video from edge to edge of the page, with an optional call to action over it. */
export default function FullWidthMedia({ image, video, heading, text, link, textStyle }: FullWidthMediaProps) {
  const hasCallToAction = Boolean(heading || text || link);
  const classes = ['full-width-media', `full-width-media--text-${textStyle}`, hasCallToAction ? 'full-width-media--cta' : ''];
  return (
    <section className={classes.filter(Boolean).join(' ')}>
      <div className="full-width-media__media">{video ? <VideoPlayer video={video} autoplay /> : image && <ArtDirectedImage image={image} />}</div>
      {hasCallToAction && (
        <div className="full-width-media__inner">
          <div className="full-width-media__cta">
            {heading && <h2 className="full-width-media__heading">{heading}</h2>}
            {text && <p className="full-width-media__text">{text}</p>}
            {link && <ButtonLink link={link} />}
          </div>
        </div>
      )}
    </section>
  );
}
