import type { ReactNode } from 'react';

/** A template module: its default export renders the page from the props its page type built. */
export interface TemplateModule {
  default: (props: never) => ReactNode;
}

/**
 * The module file of each template, by the name page types choose it by (SPEC §2), plus the
 * system views 'password required' and 'login' of restricted pages.
 */
export const TEMPLATE_FILES = {
  'home page': 'HomePage',
  'example page': 'ExamplePage',
  'error 404': 'Error404',
  footer: 'FooterTemplate',
  'contact us': 'ContactUs',
  'contact us landing page': 'ContactUsLanding',
  'email signup': 'EmailSignup',
  'email signup landing page': 'EmailSignupLanding',
  'email signup confirmation': 'EmailSignupConfirmation',
  'locations list': 'LocationsList',
  'single location': 'SingleLocation',
  'locations map': 'LocationsMap',
  'locations state list': 'LocationsStateList',
  'press release list': 'PressReleaseList',
  'single press release': 'PressRelease',
  'press section': 'PressSection',
  redirect: 'RedirectPage',
  'utility page': 'UtilityPage',
  'password required': 'PasswordRequired',
  login: 'LoginTemplate',
  'wait list status': 'WaitlistStatus',
  'block preview': 'BlockPreview',
} as const;

/** A template name the registry knows. */
export type TemplateName = keyof typeof TEMPLATE_FILES;

/**
 * The templates whose page holds a form posting to this site. As Django's form views, only their
 * pages carry a CSRF token and set its cookie; every other page is the same for every anonymous
 * visitor and sets no cookie, and scripts fetch a token from /api-nc/csrftoken/ when they post.
 */
export const TEMPLATES_WITH_FORMS: ReadonlySet<TemplateName> = new Set<TemplateName>(['contact us', 'email signup', 'password required', 'login']);

/** Narrows a string to a known template name. */
export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATE_FILES, name);
}

/** The source path of a template, as the build manifest keys its chunk. */
export function templateSource(name: TemplateName): string {
  return `client/templates/${TEMPLATE_FILES[name]}.tsx`;
}

/**
 * Loads a template in the browser. The pattern import makes esbuild emit one chunk per
 * template file, so a page downloads only its own template.
 */
export async function loadTemplate(name: TemplateName): Promise<TemplateModule> {
  return (await import(`./${TEMPLATE_FILES[name]}.tsx`)) as TemplateModule;
}
