/** Where general marketing pages may be created: under the home page or a content page. */
export const CONTENT_PARENT_TYPES = ['home_page', 'content_page'] as const;
