import { useEffect, useState } from 'react';
import Icon from '../components/Icon';
import { interpolate } from '../lib/i18n';

/** Props of the iframe block (SPEC §3 "Iframe block"). */
export interface IframeProps {
  url: string;
  mobile_url: string | null;
  default_height: number;
  title: string;
}

/**
 * What a framed page may do: run its scripts and open links in new tabs, but never navigate
 * our page away (a frame-busting script would otherwise take the visitor off the site).
 */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation';

/** SPEC §9: the small-screen breakpoint, at and below which mobile_url is used. */
const SMALL_SCREEN_QUERY = '(max-width: 840px)';

/**
 * Another site's page in a frame, plus a link that opens it directly for when the frame is
 * refused (by that site or by the browser). The mobile address is chosen after mount, so the
 * server and the first browser render agree.
 */
export default function Iframe({ url, mobile_url, default_height, title }: IframeProps) {
  const [src, setSrc] = useState(url);

  useEffect(() => {
    if (!mobile_url) return;
    const smallScreen = window.matchMedia(SMALL_SCREEN_QUERY);
    const choose = () => setSrc(smallScreen.matches ? mobile_url : url);
    choose();
    smallScreen.addEventListener('change', choose);
    return () => smallScreen.removeEventListener('change', choose);
  }, [url, mobile_url]);

  return (
    <div className="iframe-block">
      <iframe className="iframe-block__frame" src={src} title={title} height={default_height} loading="lazy" sandbox={FRAME_SANDBOX} referrerPolicy="strict-origin-when-cross-origin" />
      <p className="iframe-block__fallback">
        <a href={src} target="_blank" rel="noopener noreferrer">
          {interpolate('Open {title} in a new tab', { title })}
          <Icon name="external" />
        </a>
      </p>
    </div>
  );
}
