import { Controller } from '@hotwired/stimulus';
import { gettext } from '../../client/lib/i18n';
import { createPageChooserModal, type PageChooserModal } from '../page-chooser/modal';

/**
 * A page field picked with the page chooser modal (page-chooser/modal.ts) opened on `url`,
 * browsing `parent` first. The server-rendered control stays the no-script form and the server
 * still checks the choice: the move and copy screens' destination radios (`destination`), or a
 * page `select` target (workflow pages, group permissions) whose option is selected.
 */
export class PageChooserController extends Controller<HTMLElement> {
  static override targets = ['opener', 'chosen', 'select'];
  static override values = { url: String, parent: Number };
  declare readonly openerTarget: HTMLButtonElement;
  declare readonly chosenTarget: HTMLElement;
  declare readonly hasChosenTarget: boolean;
  declare readonly selectTarget: HTMLSelectElement;
  declare readonly hasSelectTarget: boolean;
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
    const chosen = String(entry.id);
    const control = this.hasSelectTarget
      ? [...this.selectTarget.options].find((option) => option.value === chosen)
      : [...this.element.querySelectorAll<HTMLInputElement>('input[type="radio"][name="destination"]')].find((input) => input.value === chosen);
    // The control was rendered when the screen loaded; a page added since is not in it.
    if (!control) {
      if (this.hasChosenTarget) this.chosenTarget.textContent = gettext('This page is not in the list yet: reload the screen to choose it.');
      return;
    }
    if (control instanceof HTMLOptionElement) {
      this.selectTarget.value = chosen;
      this.selectTarget.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      control.checked = true;
    }
    // A select shows the choice itself; the radios' screens name it beside the opener.
    if (this.hasChosenTarget) this.chosenTarget.textContent = control instanceof HTMLOptionElement ? '' : entry.title;
  }
}
