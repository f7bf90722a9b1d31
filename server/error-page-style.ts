/**
 * The error page's whole style sheet, inline so the page renders when nothing else can; the
 * Content-Security-Policy allows this style element, and no other, by its hash.
 */
export const ERROR_PAGE_STYLE =
  'body{margin:0;font-family:system-ui,sans-serif;background:#f5efe4;color:#1d2327;display:grid;place-items:center;min-height:100vh;text-align:center;padding:1rem}' +
  'h1{font-family:Georgia,serif;color:#0f2a3d;font-size:2.2rem}' +
  '.status{font:700 4rem/1 Georgia,serif;color:#c8281e;margin:0}' +
  'a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#c8281e;color:#fff;font-weight:700;text-decoration:none;text-transform:uppercase;letter-spacing:.06em}';
