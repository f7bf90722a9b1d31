/** One block of a stream: its header (type, summary, error count, actions) and its lazily built body. */
import { gettext, interpolate } from '../../client/lib/i18n';
import { summaryOf, SUMMARY_KINDS } from './block-summary';
import { button, focusFirstControl, h, nextDomId, type Scope } from './dom';
import type { EditorContext, ValueCursor } from './editor-context';
import { renderFields } from './field-editors';
import { icon, type IconName } from './icons';
import type { FieldError, FieldNode, SerializedBlockDefinition, StreamBlock } from './schemas';
import { getAtPath, setAtPath, type PathStep } from './value-ops';

/** What a block asks of the stream it sits in (StreamEditor). */
export interface BlockHost {
  readonly editorContext: EditorContext;
  /** The scope blocks build their bodies in. */
  readonly blockScope: Scope;
  indexOf(view: BlockView): number;
  blockChanged(): void;
  openMenu(anchor: HTMLElement, indexOf: () => number): void;
  move(view: BlockView, delta: number, focusTarget: HTMLElement | null): void;
  duplicate(view: BlockView): void;
  remove(view: BlockView): void;
  copy(view: BlockView): Promise<void>;
}

/** One block of a stream: its header, actions and body. */
export class BlockView {
  readonly wrapper: HTMLElement;
  readonly toggle: HTMLButtonElement;
  readonly label: string;
  private readonly definition: SerializedBlockDefinition | undefined;
  private readonly body: HTMLElement;
  private readonly summary: HTMLElement;
  private bodyScope: Scope | null = null;
  private value: unknown;
  private readonly id: string;
  private readonly type: string;
  private readonly summaryFields: FieldNode[];
  /** The last save's problems not yet shown beside a field. */
  private pendingErrors: FieldError[];

  constructor(
    private readonly stream: BlockHost,
    block: StreamBlock,
    isExpanded: boolean,
  ) {
    this.id = block.id;
    this.type = block.type;
    this.value = block.value;
    this.pendingErrors = [...(stream.editorContext.errors[block.id] ?? [])];
    this.definition = stream.editorContext.byType.get(block.type);
    this.label = this.definition?.label ?? interpolate('Unknown block type “{type}”', { type: block.type });
    const bodyId = nextDomId('sf-block-body');
    const titleId = nextDomId('sf-block-title');
    this.summary = h('span', { class: 'sf-block__summary' });
    this.toggle = button(
      { class: 'sf-block__toggle', 'aria-expanded': 'false', 'aria-controls': bodyId, id: titleId },
      () => this.setExpanded(this.body.hidden !== false),
      h('span', { class: 'sf-block__chevron', 'aria-hidden': 'true' }),
      h('span', { class: 'sf-block__type' }, this.label),
      // Inside the toggle, so the count is part of what a screen reader says for the block.
      this.pendingErrors.length ? h('span', { class: 'sf-block__error-count' }, errorCountText(this.pendingErrors.length)) : null,
      this.summary,
    );
    this.body = h('div', { class: 'sf-block__body', id: bodyId, hidden: true, role: 'group', 'aria-labelledby': titleId });
    const header = h(
      'div',
      { class: 'sf-block__header' },
      h('span', { class: 'sf-block__handle', 'aria-hidden': 'true', title: gettext('Drag to reorder') }, icon('drag')),
      this.toggle,
      h('div', { class: 'sf-block__actions' }, ...this.actions()),
    );
    header.addEventListener('keydown', (event) => {
      if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
      event.preventDefault();
      this.stream.move(this, event.key === 'ArrowUp' ? -1 : 1, document.activeElement as HTMLElement | null);
    });
    const section = h('section', { class: 'sf-block', 'data-block-id': block.id, 'data-block-type': block.type, 'aria-labelledby': titleId }, header, this.body);
    const insertButton = button(
      { class: 'sf-insert__button', 'aria-label': interpolate('Insert a block before {block}', { block: this.label }), 'aria-expanded': 'false', 'aria-haspopup': 'dialog' },
      () => stream.openMenu(insertButton, () => this.index()),
      h('span', { 'aria-hidden': 'true' }, '+'),
    );
    this.wrapper = h('div', { class: 'sf-stream__item' }, h('div', { class: 'sf-insert' }, insertButton), section);
    this.summaryFields = (this.definition?.fields ?? []).filter((field) => SUMMARY_KINDS.has(field.kind));
    this.refreshSummary();
    if (isExpanded) this.setExpanded(true);
  }

  /** The block as stored. */
  streamBlock(): StreamBlock {
    return { type: this.type, value: this.value, id: this.id };
  }

  /** Puts the caret in the block's first field (its header when it has none). */
  focusFirstField(): void {
    focusFirstControl(this.body);
    if (!this.body.contains(document.activeElement)) this.toggle.focus();
  }

  /** Disposes the body's editors (TipTap, nested streams). */
  dispose(): void {
    this.bodyScope?.dispose();
    this.bodyScope = null;
  }

  private index(): number {
    return this.stream.indexOf(this);
  }

  private actions(): HTMLButtonElement[] {
    const action = (label: string, iconName: IconName, className: string, run: (self: HTMLButtonElement) => void, shortcut?: string) => {
      const name = interpolate(label, { block: this.label });
      const control: HTMLButtonElement = button(
        { class: `sf-icon-button ${className}`, 'aria-label': name, title: shortcut ? `${name} (${shortcut})` : name, 'aria-keyshortcuts': shortcut },
        () => run(control),
        icon(iconName),
      );
      return control;
    };
    return [
      action(gettext('Move {block} block up'), 'up', 'sf-block__up', (self) => this.stream.move(this, -1, self), 'Alt+ArrowUp'),
      action(gettext('Move {block} block down'), 'down', 'sf-block__down', (self) => this.stream.move(this, 1, self), 'Alt+ArrowDown'),
      action(gettext('Duplicate {block} block'), 'duplicate', 'sf-block__duplicate', () => this.stream.duplicate(this)),
      action(gettext('Copy {block} block'), 'copy', 'sf-block__copy', () => void this.stream.copy(this)),
      action(gettext('Delete {block} block'), 'delete', 'sf-block__delete', () => this.stream.remove(this)),
    ];
  }

  private setExpanded(isExpanded: boolean): void {
    if (isExpanded && !this.bodyScope) this.buildBody();
    this.body.hidden = !isExpanded;
    this.toggle.setAttribute('aria-expanded', String(isExpanded));
    this.wrapper.classList.toggle('is-collapsed', !isExpanded);
  }

  // Bodies are built on first expand: a page of 200 collapsed blocks costs 200 headers.
  private buildBody(): void {
    this.bodyScope = this.stream.blockScope.child();
    const fields = this.definition
      ? renderFields(this.definition.fields, this.cursor([]), this.stream.editorContext, this.bodyScope)
      : [h('p', { class: 'sf-help' }, gettext('This block type no longer exists; its content is kept as it is until you delete it.'))];
    // Problems of the block as a whole, or at a path no field shows, go above the fields.
    const rest = this.pendingErrors.splice(0);
    const blockErrors = rest.length ? [h('ul', { class: 'sf-block__errors' }, ...rest.map((error) => h('li', { class: 'sf-error' }, error.message)))] : [];
    this.body.replaceChildren(...blockErrors, ...fields);
  }

  private cursor(path: readonly PathStep[]): ValueCursor {
    return {
      path,
      read: () => getAtPath(this.value, path),
      write: (next) => this.update(setAtPath(this.value, path, next)),
      updateBlock: (change) => this.update(change(this.value)),
      at: (step) => this.cursor([...path, step]),
      takeErrors: () => {
        const key = JSON.stringify(path);
        const taken = this.pendingErrors.filter((error) => JSON.stringify(error.path) === key);
        this.pendingErrors = this.pendingErrors.filter((error) => !taken.includes(error));
        return taken.map((error) => error.message);
      },
    };
  }

  private update(value: unknown): void {
    this.value = value;
    this.refreshSummary();
    this.stream.blockChanged();
  }

  private refreshSummary(): void {
    const text = summaryOf(this.value, this.summaryFields);
    this.summary.textContent = text;
    this.summary.hidden = text === '';
  }
}

function errorCountText(count: number): string {
  return count === 1 ? gettext('1 error') : interpolate('{count} errors', { count });
}
