/** The addresses the chooser modal asks: a search (query, page, collection) and the upload beside it. */

/** What the Search tab asks the chooser URL. */
export interface ChooserSearch {
  query: string;
  page?: number;
  collectionId?: string;
}

/** The URL of a chooser search: `q`, `p` and `collection_id` added to whatever query the configured URL has. */
export function chooserSearchUrl(url: string, search: ChooserSearch): string {
  const { query, page = 1, collectionId = '' } = search;
  const address = new URL(url, window.location.href);
  address.searchParams.set('q', query);
  if (page > 1) address.searchParams.set('p', String(page));
  if (collectionId) address.searchParams.set('collection_id', collectionId);
  return address.toString();
}

/** The upload address beside a chooser URL (`/wagtail/images/chooser/` → `/wagtail/images/chooser/upload/`). */
export function chooserUploadUrl(url: string): string {
  const address = new URL(url, window.location.href);
  return new URL('upload/', `${address.origin}${address.pathname.replace(/\/?$/, '/')}`).toString();
}
