import type { ReactNode } from 'react';

/** A template module: its default export renders the page from the props its page type built. */
export interface TemplateModule {
  default: (props: never) => ReactNode;
}

/**
 * Templates by the name page types choose them by (SPEC §2). Each is a dynamic import so the
 * browser bundle gets one chunk per template; the server awaits the same loaders.
 */
export const TEMPLATE_LOADERS = {
  'home page': () => import('./HomePage'),
  'example page': () => import('./ExamplePage'),
  'error 404': () => import('./Error404'),
} satisfies Record<string, () => Promise<TemplateModule>>;

/** A template name the registry knows. */
export type TemplateName = keyof typeof TEMPLATE_LOADERS;

/** The source module of each template, for the build manifest that maps names to chunks. */
export const TEMPLATE_SOURCES: Record<TemplateName, string> = {
  'home page': 'client/templates/HomePage.tsx',
  'example page': 'client/templates/ExamplePage.tsx',
  'error 404': 'client/templates/Error404.tsx',
};

/** Narrows a string to a known template name. */
export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATE_LOADERS, name);
}
