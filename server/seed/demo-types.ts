import type { DemoImageName } from './artwork';

/** Ids of what the seed already put in the libraries, for demo pages to refer to. */
export interface DemoRefs {
  images: Record<DemoImageName, number>;
  /** Where the printable menu (a document) downloads from. */
  menuDownloadUrl: string;
}

/** A page the seed creates, under the home page unless the seed places it elsewhere. */
export interface DemoPage {
  title: string;
  slug: string;
  pageType: string;
  content: Record<string, unknown>;
  showInMenus?: boolean;
  searchDescription?: string;
  /** Pages created under this one, such as a form page's landing page. */
  children?: DemoPage[];
}
