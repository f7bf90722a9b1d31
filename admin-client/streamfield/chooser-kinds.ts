/** What differs between the choosers the chooser modal serves (images, documents, videos, snippets). */
import { gettext } from '../../client/lib/i18n';
import type { ChooserTarget } from './schemas';

/** The targets the chooser modal serves itself; pages have their own modal. */
export type MediaTarget = Exclude<ChooserTarget, 'page'>;

/** What a chooser's modal says and offers for one kind of item. */
export interface ChooserKind {
  title: () => string;
  /** Why the user may not choose, when no collection allows it. */
  denied: () => string;
  /** The upload field's accept attribute. */
  accept: string;
  hasTags: boolean;
}

/** What differs between the media choosers and the snippet choosers. */
export const CHOOSER_KINDS: Record<MediaTarget, ChooserKind> = {
  image: {
    title: () => gettext('Choose an image'),
    denied: () => gettext("You do not have permission to choose images. Ask an administrator to give your group 'Choose' permission on a collection."),
    accept: 'image/*',
    hasTags: true,
  },
  document: {
    title: () => gettext('Choose a document'),
    denied: () => gettext("You do not have permission to choose documents. Ask an administrator to give your group 'Choose' permission on a collection."),
    accept: '',
    hasTags: false,
  },
  video: {
    title: () => gettext('Choose a video'),
    denied: () => gettext("You do not have permission to choose videos. Ask an administrator to give your group 'Choose' permission on a collection."),
    accept: 'video/*',
    hasTags: false,
  },
  // Snippets have no collections and no upload: the server answers can_upload false.
  toolbox_snippet: {
    title: () => gettext('Choose a toolbox snippet'),
    denied: () => gettext('You do not have permission to choose toolbox snippets.'),
    accept: '',
    hasTags: false,
  },
  country: {
    title: () => gettext('Choose a country'),
    denied: () => gettext('You do not have permission to choose countries.'),
    accept: '',
    hasTags: false,
  },
  tiered_navigation: {
    title: () => gettext('Choose a tiered navigation'),
    denied: () => gettext('You do not have permission to choose tiered navigations.'),
    accept: '',
    hasTags: false,
  },
};
