import { blankPage, contentPage, noindexPage } from './content-page';
import { footerPage } from './footer-page';
import { homePage } from './home-page';
import type { PageTypeDefinition } from './types';

/** Every page type by name. The tree root has type 'root' and is never served. */
export const PAGE_TYPES: Record<string, PageTypeDefinition> = Object.fromEntries(
  [homePage, contentPage, blankPage, noindexPage, footerPage].map((type) => [type.name, type as PageTypeDefinition]),
);
