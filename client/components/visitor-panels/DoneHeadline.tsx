import { useEffect, useRef } from 'react';

/**
 * The headline of a panel's result view. It takes focus when it appears or changes, because the
 * form or button that had focus has just been replaced; focus stays in the dialog.
 */
export default function DoneHeadline({ children }: { children: string }) {
  const headline = useRef<HTMLParagraphElement>(null);
  useEffect(() => headline.current?.focus(), [children]);
  return (
    <p ref={headline} className="visitor-panel__big" tabIndex={-1}>
      {children}
    </p>
  );
}
