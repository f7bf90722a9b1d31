import { createContext, useContext, type ReactNode } from 'react';
import type { PageContext } from './page-data';

const PageContextReact = createContext<PageContext | null>(null);

/** Makes the page context available to every component below. */
export function PageContextProvider({ value, children }: { value: PageContext; children: ReactNode }) {
  return <PageContextReact.Provider value={value}>{children}</PageContextReact.Provider>;
}

/** The page context; throws when used outside the provider, which is a programming error. */
export function usePageContext(): PageContext {
  const value = useContext(PageContextReact);
  if (!value) throw new Error('usePageContext must be used inside PageContextProvider');
  return value;
}
