import { Controller } from '@hotwired/stimulus';

/**
 * Moves focus to a refused form's error summary when the page arrives, so it is in view (the
 * form may sit far down the page) and a screen reader reads it first. Only the first summary
 * takes focus.
 */
export class ErrorSummaryController extends Controller<HTMLElement> {
  override connect(): void {
    if (document.querySelector('[data-controller~="error-summary"]') === this.element) this.element.focus();
  }
}
