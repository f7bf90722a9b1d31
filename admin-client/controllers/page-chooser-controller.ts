import { Controller } from '@hotwired/stimulus';
import { gettext } from '../../client/lib/i18n';
import { createPageChooserModal, type PageChooserModal } from '../page-chooser/modal';

/**
 * The move and copy screens' destination: a button opens the page chooser modal
 * (page-chooser/modal.ts) on `url`, browsing the page's parent first, and the chosen page's radio in the form is checked, so the
 * server-rendered list stays the no-script form and the server still checks the choice.
 */
export class PageChooserController extends Controller<HTMLElement> {
  static override targets = ['opener', 'chosen'];
  static override values = { url: String, parent: Number };
  declare readonly openerTarget: HTMLButtonElement;
  declare readonly chosenTarget: HTMLElement;
  declare readonly urlValue: string;
  /** Where browsing starts: the page's current parent, among its likely destinations. */
  declare readonly parentValue: number;
  declare readonly hasParentValue: boolean;
  private modal: PageChooserModal | undefined;

  override connect(): void {
    this.modal = createPageChooserModal();
    this.element.append(this.modal.element);
    this.openerTarget.hidden = false;
  }

  override disconnect(): void {
    this.modal?.element.remove();
    this.modal = undefined;
  }

  async open(): Promise<void> {
    const entry = await this.modal?.choose(this.urlValue, this.hasParentValue ? { parent: this.parentValue } : {});
    if (!entry) return;
    const radio = [...this.element.querySelectorAll<HTMLInputElement>('input[type="radio"][name="destination"]')].find((input) => input.value === String(entry.id));
    // The list was rendered when the screen loaded; a page added since has no radio to check.
    if (!radio) {
      this.chosenTarget.textContent = gettext('This page is not in the list yet: reload the screen to choose it.');
      return;
    }
    radio.checked = true;
    this.chosenTarget.textContent = entry.title;
  }
}
