import type { Db } from '../db/database';
import type { Page } from '../db/schema';
import { subtreeFacts } from '../models/page-listing';
import { getParent } from '../models/pages';
import type { UserPermissions } from '../models/permissions';
import { PAGE_CHOOSER_URL, type ChoiceTarget } from './page-chooser';
import { destinationChoices } from './pages/move-copy';

/**
 * Where a bulk move may put the selected pages: the radio list of the pages that suit them all
 * (the move screen's rule, page-chooser.ts isChoosable) and the page chooser asked with every
 * page as a target, starting at the first page's parent, as Wagtail's bulk move chooser does.
 */
export async function bulkMoveDestinations(db: Db, perms: UserPermissions, pages: readonly Page[]) {
  const facts = await subtreeFacts(db, pages);
  const targets: ChoiceTarget[] = pages.flatMap((page) => {
    const subtree = facts.get(page.id);
    return subtree ? [{ page, subtree }] : [];
  });
  const destinations = await destinationChoices(db, perms, { kind: 'destination', action: 'move', targets });
  return {
    destinations,
    chooser: {
      url: `${PAGE_CHOOSER_URL}?${new URLSearchParams({ user_perms: 'move_to', target_pages: pages.map((page) => page.id).join(',') })}`,
      parent: pages[0] ? (await getParent(db, pages[0]))?.id : undefined,
    },
  };
}
