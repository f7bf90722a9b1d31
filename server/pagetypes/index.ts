import { contactUsLandingPage, contactUsPage } from './contact-us-page';
import { blankPage, contentPage, noindexPage } from './content-page';
import { emailSignupLandingPage, emailSignupPage } from './email-signup-page';
import { footerPage } from './footer-page';
import { homePage } from './home-page';
import { locationPage } from './location-page';
import { locationsCityPage } from './locations-city-page';
import { locationsMapPage } from './locations-map-page';
import { locationsStateListPage } from './locations-state-list-page';
import { pressReleaseListPage } from './press-release-list-page';
import { pressReleasePage } from './press-release-page';
import { pressSectionPage } from './press-section-page';
import { redirectPage } from './redirect-page';
import type { PageTypeDefinition } from './types';
import { utilityPage } from './utility-page';

/** Every page type by name. The tree root has type 'root' and is never served. */
export const PAGE_TYPES: Record<string, PageTypeDefinition> = Object.fromEntries(
  [
    homePage,
    contentPage,
    blankPage,
    noindexPage,
    footerPage,
    contactUsPage,
    contactUsLandingPage,
    emailSignupPage,
    emailSignupLandingPage,
    redirectPage,
    utilityPage,
    pressSectionPage,
    pressReleaseListPage,
    pressReleasePage,
    locationsStateListPage,
    locationsCityPage,
    locationPage,
    locationsMapPage,
  ].map((type) => [type.name, type as PageTypeDefinition]),
);
