import { Controller } from '@hotwired/stimulus';

/** Asks before a destructive submit; the server-side confirmation page stays the real check. */
export class ConfirmController extends Controller<HTMLFormElement> {
  static override values = { message: String };
  declare readonly messageValue: string;

  ask(event: SubmitEvent): void {
    if (!window.confirm(this.messageValue)) event.preventDefault();
  }
}
