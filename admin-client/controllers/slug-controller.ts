import { Controller } from '@hotwired/stimulus';
// The server's own slug rule (a pure module), so the suggestion is what the server would make.
import { slugify } from '../../client/lib/slugs';

function slugFromTitle(title: string): string {
  return title.trim() ? slugify(title) : '';
}

/**
 * Fills the slug from the title while the editor types, until they edit the slug themselves
 * (or the page already had one).
 */
export class SlugController extends Controller<HTMLElement> {
  static override targets = ['title', 'slug'];
  declare readonly titleTarget: HTMLInputElement;
  declare readonly slugTarget: HTMLInputElement;
  private following = false;

  override connect(): void {
    this.following = this.slugTarget.value === '' || this.slugTarget.value === slugFromTitle(this.titleTarget.value);
  }

  titleChanged(): void {
    if (this.following) this.slugTarget.value = slugFromTitle(this.titleTarget.value);
  }

  slugChanged(): void {
    this.following = this.slugTarget.value === '';
  }
}
