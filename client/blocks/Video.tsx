import VideoPlayer, { type VideoData } from './VideoPlayer';

/** Props of the video block; `video` is null when the library video was deleted. */
export interface VideoProps {
  video: VideoData | null;
  autoplay: boolean;
  caption: string;
}

/** A library video in the page body, with an optional caption. */
export default function Video({ video, autoplay, caption }: VideoProps) {
  return (
    <figure className="video-block">
      <VideoPlayer video={video} autoplay={autoplay} />
      {caption && <figcaption className="video-block__caption">{caption}</figcaption>}
    </figure>
  );
}
