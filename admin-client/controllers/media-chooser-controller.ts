import { Controller } from '@hotwired/stimulus';
import { gettext } from '../../client/lib/i18n';
import { createChooserModal, type ChooserModal } from '../streamfield/chooser-modal';
import { CHOOSER_TARGETS, type ChooserTarget } from '../streamfield/schemas';

/**
 * A plain form's image, document or video field picked with the StreamField editor's chooser
 * modal (streamfield/chooser-modal.ts) opened on `url`: the chosen id goes in the hidden `input`,
 * its title and thumbnail are shown, and Clear empties it. The server still checks the id.
 */
export class MediaChooserController extends Controller<HTMLElement> {
  static override targets = ['input', 'title', 'thumbnail', 'choose', 'clear'];
  static override values = { target: String, url: String };
  declare readonly inputTarget: HTMLInputElement;
  declare readonly titleTarget: HTMLElement;
  declare readonly thumbnailTarget: HTMLImageElement;
  declare readonly chooseTarget: HTMLButtonElement;
  declare readonly clearTarget: HTMLButtonElement;
  declare readonly targetValue: string;
  declare readonly urlValue: string;
  private modal: ChooserModal | undefined;

  override connect(): void {
    this.modal = createChooserModal();
    document.body.append(this.modal.element);
    this.chooseTarget.hidden = false;
    this.clearTarget.hidden = this.inputTarget.value === '';
  }

  override disconnect(): void {
    this.modal?.element.remove();
    this.modal = undefined;
  }

  async open(): Promise<void> {
    const target = CHOOSER_TARGETS.find((each): each is ChooserTarget => each === this.targetValue);
    if (!target || !this.modal) return;
    const choice = await this.modal.choose(target, this.urlValue);
    this.chooseTarget.focus();
    if (!choice) return;
    this.inputTarget.value = String(choice.id);
    this.titleTarget.textContent = choice.title;
    this.thumbnailTarget.hidden = !choice.thumbnail_url;
    if (choice.thumbnail_url) this.thumbnailTarget.src = choice.thumbnail_url;
    this.clearTarget.hidden = false;
    this.inputTarget.dispatchEvent(new Event('change', { bubbles: true }));
  }

  clear(): void {
    this.inputTarget.value = '';
    this.titleTarget.textContent = gettext('None chosen');
    this.thumbnailTarget.hidden = true;
    this.thumbnailTarget.removeAttribute('src');
    this.clearTarget.hidden = true;
    this.chooseTarget.focus();
    this.inputTarget.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
