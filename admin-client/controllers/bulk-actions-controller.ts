import { Controller } from '@hotwired/stimulus';
import { ngettext } from '../../client/lib/i18n';

/**
 * Selection for the page listings' bulk actions, as Wagtail's footer: the row checkboxes, a
 * "Select all" that also shows when only some are ticked, the footer bar with "N pages
 * selected" and the action buttons, shown once a page is ticked, and, when every row of a
 * listing longer than one screen is ticked, "Select all N pages in listing". The buttons submit
 * the listing's GET form to the confirmation screen, which works without this controller too.
 */
export class BulkActionsController extends Controller<HTMLElement> {
  static override targets = ['item', 'all', 'bar', 'count', 'reveal', 'listingButton', 'listingField'];
  declare readonly itemTargets: HTMLInputElement[];
  declare readonly allTargets: HTMLInputElement[];
  declare readonly barTarget: HTMLFormElement;
  declare readonly countTarget: HTMLElement;
  declare readonly revealTargets: HTMLElement[];
  declare readonly listingButtonTarget: HTMLButtonElement;
  declare readonly hasListingButtonTarget: boolean;
  declare readonly listingFieldTargets: HTMLInputElement[];
  /** Whether the whole listing, beyond this screen, is selected. */
  private wholeListing = false;

  override connect(): void {
    for (const element of this.revealTargets) element.hidden = false;
    this.update();
  }

  toggleAll(event: Event): void {
    const checked = (event.currentTarget as HTMLInputElement).checked;
    for (const item of this.itemTargets) item.checked = checked;
    this.update();
  }

  selectListing(): void {
    this.wholeListing = true;
    this.update();
    // The button goes away with the choice made; the footer's own box keeps the focus in the bar.
    this.allTargets.at(-1)?.focus();
  }

  update(): void {
    const selected = this.itemTargets.filter((item) => item.checked).length;
    const total = this.itemTargets.length;
    const everyRow = total > 0 && selected === total;
    if (!everyRow) this.wholeListing = false;
    for (const all of this.allTargets) {
      all.checked = everyRow;
      all.indeterminate = selected > 0 && !everyRow;
    }
    // Without this controller the bar always shows, with its hint; with it, once a page is ticked.
    this.barTarget.hidden = selected === 0;
    const listingTotal = this.hasListingButtonTarget ? Number(this.listingButtonTarget.dataset.total) : 0;
    if (this.hasListingButtonTarget) this.listingButtonTarget.hidden = !everyRow || this.wholeListing;
    for (const field of this.listingFieldTargets) field.disabled = !this.wholeListing;
    this.countTarget.textContent = this.wholeListing
      ? ngettext('All {count} page in listing selected', 'All {count} pages in listing selected', listingTotal)
      : ngettext('{count} page selected', '{count} pages selected', selected);
  }
}
