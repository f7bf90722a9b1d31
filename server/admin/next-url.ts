import { safeLocalUrl } from '../views/restricted-pages';

/** A `next` that stays inside the admin, else the fallback. */
export function adminNextUrl(candidate: unknown, fallback: string): string {
  const url = safeLocalUrl(candidate, fallback);
  return url.startsWith('/wagtail/') ? url : fallback;
}
