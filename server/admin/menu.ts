import { OBJECT_PERMISSIONS, SNIPPET_MODELS } from '../models/object-permissions';
import { collectionManagementPolicy, locationPolicy, mediaPolicy, MODEL_POLICIES, userManagementPolicy, workflowManagementPolicy } from '../models/permission-policies';
import { COLLECTION_MANAGEMENT_PERMISSIONS, type UserPermissions } from '../models/permissions';
import { canExplorePages, canSeeLockedPages, canSeePageReports, mayHaveFormPages } from '../models/reports-scope';

/** One entry of the sidebar: a link, or a group of links (Reports, Settings). */
export interface MenuItem {
  /** The `activeNav` of the screens the entry leads to. */
  name: string;
  label: string;
  url: string;
  children?: MenuItem[];
}

/** An entry as the layout draws it for one screen. */
export interface DrawnMenuItem extends MenuItem {
  current: boolean;
  /** A group holding the current screen starts open. */
  open: boolean;
  children?: DrawnMenuItem[];
}

const link = (name: string, label: string, url: string, shown: boolean): MenuItem[] => (shown ? [{ name, label, url }] : []);

function group(name: string, label: string, children: MenuItem[]): MenuItem[] {
  return children.length ? [{ name, label, url: children[0]!.url, children }] : [];
}

/**
 * The sidebar as Wagtail groups it, holding only what the user may use: Pages, the host stand,
 * media, Snippets, Forms, Reports, and Settings (Redirects, Sites, site settings, Users, Groups,
 * Collections, Workflows). Labels are catalog keys; the layout translates them.
 */
export function adminMenu(perms: UserPermissions): MenuItem[] {
  const host = locationPolicy.userHasPermission(perms, 'host');
  const media = mediaPolicy.userMayUseMedia(perms);
  const workflows = workflowManagementPolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS);
  const users = userManagementPolicy.userHasAnyPermission(perms, OBJECT_PERMISSIONS);
  return [
    ...link('dashboard', 'Dashboard', '/wagtail/', true),
    ...link('pages', 'Pages', '/wagtail/pages/', true),
    ...link('search', 'Search', '/wagtail/pages/search/', true),
    ...link('waitlist', 'Wait list', '/wagtail/waitlist/', host),
    ...link('reservations', 'Reservations', '/wagtail/reservations/', host),
    ...link('images', 'Images', '/wagtail/images/', media),
    ...link('documents', 'Documents', '/wagtail/documents/', media),
    ...link('videos', 'Videos', '/wagtail/videos/', media),
    ...link(
      'snippets',
      'Snippets',
      '/wagtail/snippets/',
      SNIPPET_MODELS.some((model) => MODEL_POLICIES[model].userHasAnyPermission(perms, OBJECT_PERMISSIONS)),
    ),
    ...link('forms', 'Forms', '/wagtail/forms/', mayHaveFormPages(perms)),
    ...group('reports', 'Reports', [
      ...link('report-locked', 'Locked pages', '/wagtail/reports/locked/', canSeeLockedPages(perms)),
      ...link('report-workflow', 'Workflows', '/wagtail/reports/workflow/', canSeePageReports(perms)),
      ...link('report-workflow-tasks', 'Workflow tasks', '/wagtail/reports/workflow_tasks/', canSeePageReports(perms)),
      ...link('report-site-history', 'Site history', '/wagtail/reports/site-history/', canExplorePages(perms)),
      ...link('report-aging-pages', 'Aging pages', '/wagtail/reports/aging-pages/', canSeePageReports(perms)),
      ...link('report-page-types-usage', 'Page types usage', '/wagtail/reports/page-types-usage/', canSeePageReports(perms)),
    ]),
    ...group('settings', 'Settings', [
      ...link('redirects', 'Redirects', '/wagtail/redirects/', MODEL_POLICIES.redirect.userHasAnyPermission(perms, OBJECT_PERMISSIONS)),
      ...link('sites', 'Sites', '/wagtail/sites/', MODEL_POLICIES.site.userHasAnyPermission(perms, OBJECT_PERMISSIONS)),
      ...link('site-settings', 'Site settings', '/wagtail/settings/', MODEL_POLICIES.site_settings.userHasPermission(perms, 'change')),
      ...link('users', 'Users', '/wagtail/users/', users),
      ...link('groups', 'Groups', '/wagtail/groups/', users),
      ...link('collections', 'Collections', '/wagtail/collections/', collectionManagementPolicy.userHasAnyPermission(perms, COLLECTION_MANAGEMENT_PERMISSIONS)),
      ...link('workflows', 'Workflows', '/wagtail/workflows/list/', workflows),
      ...link('tasks', 'Workflow tasks', '/wagtail/workflows/tasks/index/', workflows),
      ...link('styleguide', 'Styleguide', '/wagtail/styleguide/', true),
    ]),
  ];
}

/** The menu marked for the screen showing `activeNav`. */
export function drawMenu(menu: readonly MenuItem[], activeNav: string | undefined): DrawnMenuItem[] {
  return menu.map((item) => {
    const children = item.children && drawMenu(item.children, activeNav);
    const current = item.name === activeNav;
    return { ...item, children, current, open: current || (children?.some((child) => child.current) ?? false) };
  });
}
