import { useEffect, useRef, useState } from 'react';
import type { ImageProps } from '../../server/models/renditions';
import type { TrackKind } from '../../server/models/videos';
import Icon from '../components/Icon';
import ResponsiveImage from '../components/ResponsiveImage';
import { gettext } from '../lib/i18n';
import { useVisibility } from '../lib/use-visibility';

/** A library video as blocks receive it (SPEC §3 "Video"): poster, title, sources and tracks. */
export interface VideoData {
  title: string;
  poster: ImageProps | null;
  sources: Array<{ url: string; mimetype: string }>;
  tracks: Array<{ kind: TrackKind; src: string; label: string; srclang: string; sort_order: number }>;
}

/** Props of VideoPlayer. */
export interface VideoPlayerProps {
  /** Null when the video was deleted from the library: the player says it is unavailable. */
  video: VideoData | null;
  /** Muted, looping playback while at least 10% of the player is on screen (SPEC §9). */
  autoplay?: boolean;
  /** Start playing once mounted, because the visitor just asked for it (video feature). */
  playOnMount?: boolean;
}

/** Loading until the media can play (canplay); unavailable when it has no source that works. */
type PlayerStatus = 'loading' | 'ready' | 'unavailable';

/** SPEC §9: the share of the player that must be visible for autoplay to run. */
const AUTOPLAY_VISIBLE_SHARE = 0.1;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function startPlayback(element: HTMLVideoElement): void {
  element.play().catch((error: unknown) => {
    // AbortError: a pause() overtook this play(). NotAllowedError: the browser's autoplay
    // policy refused; the button still shows Play, so the visitor can start it.
    if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NotAllowedError')) return;
    console.error('Video playback failed', error);
  });
}

/**
 * A video with one play/pause toggle instead of the browser's controls, a loading overlay until
 * the media can play, and optional autoplay that runs only while the player is on screen. The
 * first captions or subtitles track is on by default, since there is no captions menu.
 */
export default function VideoPlayer({ video, autoplay = false, playOnMount = false }: VideoPlayerProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  // A visitor who paused an autoplaying video keeps it paused when it scrolls back into view.
  const pausedByVisitor = useRef(false);
  const hasSources = Boolean(video && video.sources.length > 0);
  const [status, setStatus] = useState<PlayerStatus>(hasSources ? 'loading' : 'unavailable');
  const [isPlaying, setPlaying] = useState(false);
  const { isVisible } = useVisibility(frameRef, { threshold: AUTOPLAY_VISIBLE_SHARE, enabled: autoplay && hasSources });

  // Media events fired before hydration attached the handlers are read off the element instead.
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    if (element.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) setStatus('unavailable');
    else if (element.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) setStatus('ready');
    setPlaying(!element.paused);
  }, []);

  useEffect(() => {
    const element = videoRef.current;
    if (playOnMount && element) startPlayback(element);
  }, [playOnMount]);

  useEffect(() => {
    const element = videoRef.current;
    if (!autoplay || !element) return;
    if (isVisible && !pausedByVisitor.current && !prefersReducedMotion()) {
      // React sets `muted` as a property only when it creates the element, not when it
      // hydrates server markup; browsers allow autoplay only for muted media.
      element.muted = true;
      startPlayback(element);
    } else if (!isVisible && !element.paused) element.pause();
  }, [autoplay, isVisible]);

  function toggle(): void {
    const element = videoRef.current;
    if (!element) return;
    pausedByVisitor.current = !element.paused;
    if (element.paused) startPlayback(element);
    else element.pause();
  }

  if (!video || !hasSources) {
    return (
      <div className="video-player video-player--unavailable">
        {video?.poster && <ResponsiveImage {...video.poster} className="video-player__poster" />}
        <p className="video-player__message">{gettext('Video unavailable')}</p>
      </div>
    );
  }

  const lastSource = video.sources.length - 1;
  const defaultTrack = video.tracks.findIndex((track) => track.kind === 'captions' || track.kind === 'subtitles');
  const classes = ['video-player', `video-player--${status}`, isPlaying ? 'video-player--playing' : 'video-player--paused'];
  return (
    <div ref={frameRef} className={classes.join(' ')}>
      <video
        ref={videoRef}
        className="video-player__media"
        poster={video.poster?.src}
        preload="auto"
        playsInline
        muted={autoplay}
        loop={autoplay}
        aria-label={video.title}
        onCanPlay={() => setStatus((current) => (current === 'loading' ? 'ready' : current))}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      >
        {video.sources.map((source, index) => (
          // Browsers try sources in order and report an error on each that fails; an error on
          // the last one means none of them can play.
          <source key={source.url} src={source.url} type={source.mimetype} onError={index === lastSource ? () => setStatus('unavailable') : undefined} />
        ))}
        {video.tracks.map((track, index) => (
          <track key={track.src} kind={track.kind} src={track.src} label={track.label} srcLang={track.srclang} default={index === defaultTrack} />
        ))}
      </video>
      {status === 'loading' && (
        <div className="video-player__loading" role="status">
          <span className="video-player__spinner" aria-hidden="true" />
          <span className="visually-hidden">{gettext('Loading video…')}</span>
        </div>
      )}
      {status === 'unavailable' ? (
        <p className="video-player__message">{gettext('Video unavailable')}</p>
      ) : (
        // The label names the action the button takes now, so it carries no aria-pressed
        // (a changing label plus a pressed state would announce the state twice).
        <button type="button" className="video-player__toggle" onClick={toggle} aria-label={isPlaying ? gettext('Pause video') : gettext('Play video')}>
          <Icon name={isPlaying ? 'pause' : 'play'} />
        </button>
      )}
    </div>
  );
}
