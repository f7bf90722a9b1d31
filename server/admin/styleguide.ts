import { Router } from 'express';
import { gettext, interpolate } from '../../client/lib/i18n';
import type { AdminContext } from './types';

/** The admin palette, by the custom properties of static/css/admin.css; each has its swatch class in admin-bulk-preview.css. */
const PALETTE = ['navy', 'navy-soft', 'lobster', 'lobster-dark', 'teal', 'bg', 'surface', 'ink', 'ink-soft', 'line', 'success', 'warning'] as const;

/** Every status tag the listings draw (partials/status-tags.hbs, pages/status.ts), with its words. */
const statusTags = () => [
  { kind: 'live', label: gettext('live') },
  { kind: 'draft', label: gettext('draft') },
  { kind: 'changes', label: gettext('unpublished changes') },
  { kind: 'scheduled', label: gettext('scheduled') },
  { kind: 'expired', label: gettext('expired') },
  { kind: 'locked', label: gettext('locked') },
  { kind: 'moderation', label: gettext('in moderation') },
  { kind: 'restricted', label: gettext('restricted') },
];

/**
 * What the styleguide fills the real partials with: sample words for each component, so the
 * page shows them as screens do (an error beside a field, a message of each level).
 */
function buildContext() {
  return {
    title: gettext('Styleguide'),
    activeNav: 'styleguide',
    subtitle: gettext('The components of the back office, drawn by the partials its screens use.'),
    breadcrumbs: [
      { label: gettext('Dashboard'), url: '/wagtail/' },
      { label: gettext('Styleguide'), url: null },
    ],
    palette: PALETTE.map((name) => ({ name, variable: `--admin-${name}` })),
    statuses: statusTags(),
    paginationSummary: interpolate('Page {current} of {count}', { current: 2, count: 5 }),
    sampleMessages: [
      { level: 'success', text: gettext('Page "Lobsterfest" has been published.'), link: { url: '/', label: gettext('View live') } },
      { level: 'warning', text: gettext('This page is locked by another editor.') },
      { level: 'error', text: gettext('The page could not be saved due to validation errors.') },
    ],
    formErrors: [gettext('Title: This field is required.'), gettext('Slug: This slug is already in use.')],
    fields: {
      title: { errors: [gettext('This field is required.')] },
      slug: { value: 'lobsterfest', help: gettext('The name of the page as it will appear in URLs.') },
    },
    rows: [
      { title: 'Lobsterfest', type: gettext('Content page'), status: [{ kind: 'live', label: gettext('live') }] },
      {
        title: 'Winter menu',
        type: gettext('Content page'),
        status: [
          { kind: 'draft', label: gettext('draft') },
          { kind: 'locked', label: gettext('locked') },
        ],
      },
    ],
  };
}

/** /wagtail/styleguide/: the admin's components in one page, as Wagtail's styleguide shows them. */
export function styleguideRouter({ admin }: AdminContext): Router {
  const router = Router();
  router.get('/styleguide/', (req, res) => admin.render(req, res, 'styleguide', buildContext()));
  return router;
}
