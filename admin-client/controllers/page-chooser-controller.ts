import { Controller } from '@hotwired/stimulus';
import { z } from 'zod';

const chooserEntry = z.object({ id: z.number().int().positive(), title: z.string(), selectable: z.boolean(), browsable: z.boolean() });
const chooserAnswer = z.object({ breadcrumbs: z.array(chooserEntry), results: z.array(chooserEntry) });
type ChooserEntry = z.infer<typeof chooserEntry>;

/**
 * The move screen's page chooser: a modal that walks the tree (parent → children, with
 * breadcrumbs) or searches titles, and checks the chosen destination's radio in the form, so
 * the server-rendered list stays the no-script fallback and the server still checks the choice.
 */
export class PageChooserController extends Controller<HTMLElement> {
  static override targets = ['dialog', 'opener', 'query', 'crumbs', 'list', 'chosen'];
  static override values = { url: String, chooseLabel: String, browseLabel: String, emptyLabel: String, errorLabel: String };
  declare readonly dialogTarget: HTMLDialogElement;
  declare readonly openerTarget: HTMLButtonElement;
  declare readonly queryTarget: HTMLInputElement;
  declare readonly crumbsTarget: HTMLOListElement;
  declare readonly listTarget: HTMLUListElement;
  declare readonly chosenTarget: HTMLElement;
  declare readonly urlValue: string;
  declare readonly chooseLabelValue: string;
  declare readonly browseLabelValue: string;
  declare readonly emptyLabelValue: string;
  declare readonly errorLabelValue: string;

  override connect(): void {
    this.openerTarget.hidden = false;
  }

  open(): void {
    this.dialogTarget.showModal();
    void this.load(new URLSearchParams());
  }

  close(): void {
    this.dialogTarget.close();
    this.openerTarget.focus();
  }

  search(event: SubmitEvent): void {
    event.preventDefault();
    const q = this.queryTarget.value.trim();
    void this.load(new URLSearchParams(q === '' ? {} : { q }));
  }

  private async load(params: URLSearchParams): Promise<void> {
    const response = await fetch(`${this.urlValue}?${params}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' }).catch(() => undefined);
    const answer = response?.ok ? chooserAnswer.safeParse(await response.json()) : undefined;
    if (!answer?.success) {
      this.listTarget.replaceChildren(this.message(this.errorLabelValue));
      return;
    }
    this.crumbsTarget.replaceChildren(...answer.data.breadcrumbs.map((crumb) => this.crumb(crumb)));
    this.listTarget.replaceChildren(...(answer.data.results.length > 0 ? answer.data.results.map((entry) => this.row(entry)) : [this.message(this.emptyLabelValue)]));
  }

  private browse(entry: ChooserEntry): void {
    this.queryTarget.value = '';
    void this.load(new URLSearchParams({ parent: String(entry.id) })).then(() => this.listTarget.querySelector<HTMLElement>('button')?.focus());
  }

  private choose(entry: ChooserEntry): void {
    const radio = this.element.querySelector<HTMLInputElement>(`input[name="destination"][value="${entry.id}"]`);
    if (radio) radio.checked = true;
    this.chosenTarget.textContent = entry.title;
    this.close();
  }

  private crumb(entry: ChooserEntry): HTMLLIElement {
    const item = document.createElement('li');
    item.append(this.button(entry.title, 'admin-link-button', () => this.browse(entry)));
    return item;
  }

  private row(entry: ChooserEntry): HTMLLIElement {
    const item = document.createElement('li');
    item.className = 'admin-chooser__row';
    item.dataset.pageId = String(entry.id);
    const title = document.createElement('span');
    title.className = 'admin-chooser__title';
    title.textContent = entry.title;
    item.append(title);
    if (entry.selectable) item.append(this.button(this.chooseLabelValue, 'admin-button admin-button--primary admin-chooser__choose', () => this.choose(entry), entry.title));
    if (entry.browsable) item.append(this.button('›', 'admin-button admin-chooser__browse', () => this.browse(entry), `${this.browseLabelValue} ${entry.title}`));
    return item;
  }

  private button(text: string, className: string, onClick: () => void, accessibleName?: string): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = className;
    button.textContent = text;
    if (accessibleName) button.setAttribute('aria-label', accessibleName === text ? text : `${text}: ${accessibleName}`);
    button.addEventListener('click', onClick);
    return button;
  }

  private message(text: string): HTMLLIElement {
    const item = document.createElement('li');
    item.className = 'admin-muted';
    item.textContent = text;
    return item;
  }
}
