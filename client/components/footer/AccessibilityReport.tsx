import { useRef } from 'react';
import { gettext } from '../../lib/i18n';

/** SPEC §9: the accessibility image button is 40 px wide. */
export const ACCESSIBILITY_BUTTON_WIDTH = 40;

/**
 * The accessibility-issue report form: posts the page address, its DOM and the screen size to
 * the accessibility service in a new window. The values are read at submit time.
 */
export default function AccessibilityReport({ action }: { action: string }) {
  const url = useRef<HTMLInputElement>(null);
  const dom = useRef<HTMLInputElement>(null);
  const screenWidth = useRef<HTMLInputElement>(null);
  const screenHeight = useRef<HTMLInputElement>(null);

  const fillIn = () => {
    url.current!.value = window.location.href;
    dom.current!.value = document.documentElement.outerHTML;
    screenWidth.current!.value = String(window.screen.width);
    screenHeight.current!.value = String(window.screen.height);
  };

  return (
    <form className="accessibility-report" action={action} method="post" target="_blank" onSubmit={fillIn}>
      <input ref={url} type="hidden" name="ai_url" />
      <input ref={dom} type="hidden" name="ai_dom" />
      <input ref={screenWidth} type="hidden" name="ai_screenWidth" />
      <input ref={screenHeight} type="hidden" name="ai_screenHeight" />
      <input
        type="image"
        className="accessibility-report__button"
        src="/static/images/accessibility.svg"
        width={ACCESSIBILITY_BUTTON_WIDTH}
        height={ACCESSIBILITY_BUTTON_WIDTH}
        alt={gettext('Report an accessibility issue (opens in a new window)')}
      />
      <span className="accessibility-report__label" aria-hidden="true">
        {gettext('Report an accessibility issue')}
      </span>
    </form>
  );
}
