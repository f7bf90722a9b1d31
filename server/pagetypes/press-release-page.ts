import type { PressReleaseProps } from '../../client/templates/PressRelease';
import { resolveImage } from '../blocks/references';
import { sanitizeRichText } from '../rich-text';
import { findPressSection, PRESS_RELEASE_LIST_PAGE_TYPE, PRESS_RELEASE_PAGE_TYPE, pressReleaseFieldsSchema, publicationDate } from './press-releases';
import { definePageType } from './types';

// A wide crop keeps any picture from pushing the text below the fold.
const FEATURE_IMAGE = { spec: 'fill-1200x630', srcsetWidths: [480, 820, 1200], sizes: '(min-width: 900px) 820px, 100vw' } as const;

/** One press release: date, optional feature image and rich text body (SPEC §2 item 12). */
export const pressReleasePage = definePageType({
  name: PRESS_RELEASE_PAGE_TYPE,
  label: 'Press release',
  template: 'single press release',
  fields: pressReleaseFieldsSchema,
  parentTypes: [PRESS_RELEASE_LIST_PAGE_TYPE],
  async getProps(page, fields, context): Promise<PressReleaseProps> {
    const [featureImage, pressSection] = await Promise.all([resolveImage(context, fields.feature_image, FEATURE_IMAGE), findPressSection(page, context)]);
    return {
      title: page.title,
      date: publicationDate(page, fields),
      feature_image: featureImage,
      copy: { html: sanitizeRichText(fields.body) },
      press_section: pressSection,
    };
  },
});
