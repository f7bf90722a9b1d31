import type { MenuItem } from './menu';

/** What every admin page's layout shows besides the page body. */
export interface AdminChrome {
  brandName: string;
  user: { id: number; name: string; username: string; isSuperuser: boolean } | null;
  /** Whether the dashboard links the media counts (any collection permission). */
  canUseMedia: boolean;
  /** The sidebar entries the user may use. */
  menu: MenuItem[];
  /** The IANA zone the user reads dates in: their own choice, else the site's TIME_ZONE. */
  timeZone: string;
}
