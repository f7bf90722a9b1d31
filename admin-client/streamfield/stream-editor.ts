/**
 * One StreamField's list of blocks: insert buttons between blocks, and per block a header with
 * its type and actions (move, duplicate, copy, delete, collapse) over a lazily built body.
 */
import Sortable from 'sortablejs';
import { gettext, interpolate } from '../../client/lib/i18n';
import { copyBlock, pasteBlock } from './clipboard';
import { button, focusFirstControl, h, nextDomId, Scope } from './dom';
import type { EditorContext, NestedStream, ValueCursor } from './editor-context';
import { renderFields } from './field-editors';
import { icon, type IconName } from './icons';
import type { FieldError, FieldKind, FieldNode, SerializedBlockDefinition, StreamBlock, StreamValue } from './schemas';
import { copyWithFreshIds, getAtPath, insertAt, moveItem, newBlock, removeAt, setAtPath, type PathStep } from './value-ops';

/** Beyond this many blocks a stream opens with every block collapsed, so bodies build on demand. */
export const COLLAPSE_BEYOND = 12;

const SUMMARY_LENGTH = 80;
const SUMMARY_SOURCE_LENGTH = 2_000;

const INSERT_MESSAGES: Record<'added' | 'duplicated' | 'pasted', () => string> = {
  added: () => gettext('{block} block added at position {position}.'),
  duplicated: () => gettext('{block} block duplicated at position {position}.'),
  pasted: () => gettext('{block} block pasted at position {position}.'),
};

/** A StreamField editor; the root one and those nested in blocks are the same thing. */
export class StreamEditor implements NestedStream {
  readonly element: HTMLElement;
  private blocks: BlockView[] = [];
  private readonly endInsert: HTMLElement;
  private readonly scope: Scope;

  constructor(
    private readonly context: EditorContext,
    initial: StreamValue,
    private readonly onChange: () => void,
    parentScope: Scope,
  ) {
    this.scope = parentScope.child();
    this.element = h('div', { class: 'sf-stream' });
    const endButton = button({ class: 'sf-button sf-stream__add', 'aria-expanded': 'false', 'aria-haspopup': 'dialog' }, () => this.openMenu(endButton, () => this.blocks.length), '+ ', gettext('Add block'));
    this.endInsert = h('div', { class: 'sf-insert sf-insert--end' }, endButton);
    const isCollapsed = initial.length > COLLAPSE_BEYOND;
    // A block the last save refused opens, whatever the page's length, so its errors show.
    this.blocks = initial.map((block) => new BlockView(this, block, !isCollapsed || Boolean(context.errors[block.id]?.length)));
    this.element.append(...this.blocks.map((view) => view.wrapper), this.endInsert);
    this.enableDragging();
  }

  /** The stream's value as stored. */
  value(): StreamValue {
    return this.blocks.map((view) => view.streamBlock());
  }

  /** @internal The block's place in this stream. */
  indexOf(view: BlockView): number {
    return this.blocks.indexOf(view);
  }

  /** @internal Called by a block whose value changed. */
  blockChanged(): void {
    this.onChange();
  }

  /** @internal Shared with the blocks of this stream. */
  get editorContext(): EditorContext {
    return this.context;
  }

  /** @internal The scope blocks build their bodies in. */
  get blockScope(): Scope {
    return this.scope;
  }

  /** @internal Opens the block menu for an insertion at the index `indexOf` gives when picked. */
  openMenu(anchor: HTMLElement, indexOf: () => number): void {
    this.context.menu.open({
      anchor,
      onChoose: (definition) => this.insert(indexOf(), newBlock(definition, this.context.makeId)),
      onPaste: () => void this.paste(indexOf(), anchor),
    });
  }

  /** @internal Moves a block by `delta` places, keeping focus on `focusTarget`. */
  move(view: BlockView, delta: number, focusTarget: HTMLElement | null): void {
    const from = this.blocks.indexOf(view);
    const to = from + delta;
    if (to < 0 || to >= this.blocks.length) {
      this.context.announcer.announce(delta < 0 ? gettext('The block is already first.') : gettext('The block is already last.'));
      return;
    }
    this.blocks = moveItem(this.blocks, from, to);
    this.element.insertBefore(view.wrapper, this.blocks[to + 1]?.wrapper ?? this.endInsert);
    focusTarget?.focus();
    this.afterReorder(view, to);
  }

  /** @internal Inserts a copy of the block right after it. */
  duplicate(view: BlockView): void {
    const index = this.blocks.indexOf(view);
    this.insert(index + 1, copyWithFreshIds(view.streamBlock(), this.context.byType, this.context.makeId), 'duplicated');
  }

  /** @internal Removes the block and moves focus to its neighbour. */
  remove(view: BlockView): void {
    const index = this.blocks.indexOf(view);
    this.blocks = removeAt(this.blocks, index);
    view.dispose();
    view.wrapper.remove();
    this.onChange();
    this.context.announcer.announce(interpolate('{block} block deleted.', { block: view.label }));
    const neighbour = this.blocks[index] ?? this.blocks[index - 1];
    (neighbour?.toggle ?? this.endInsert.querySelector('button'))?.focus();
  }

  /** @internal Puts the block on the clipboard for pasting into any page's editor. */
  async copy(view: BlockView): Promise<void> {
    const isCopied = await copyBlock(view.streamBlock());
    this.context.announcer.announce(isCopied ? interpolate('{block} block copied. Paste it from the Add block menu of any page.', { block: view.label }) : gettext('The block could not be copied.'));
  }

  private async paste(index: number, anchor: HTMLElement): Promise<void> {
    const result = await pasteBlock(this.context.byType, this.context.makeId);
    if (result.ok) {
      this.insert(index, result.block, 'pasted');
      return;
    }
    this.context.announcer.announce(result.reason === 'type-not-allowed' ? gettext('The copied block is of a type this field does not allow.') : gettext('There is no copied block to paste.'));
    anchor.focus();
  }

  private insert(index: number, block: StreamBlock, how: 'added' | 'duplicated' | 'pasted' = 'added'): void {
    const view = new BlockView(this, block, true);
    const at = Math.max(0, Math.min(index, this.blocks.length));
    this.blocks = insertAt(this.blocks, at, view);
    this.element.insertBefore(view.wrapper, this.blocks[at + 1]?.wrapper ?? this.endInsert);
    this.onChange();
    this.context.announcer.announce(interpolate(INSERT_MESSAGES[how](), { block: view.label, position: at + 1 }));
    // A new block is there to be filled in; a copy keeps focus on its header, like the original's.
    if (how === 'added') view.focusFirstField();
    else view.toggle.focus();
  }

  private afterReorder(view: BlockView, to: number): void {
    this.onChange();
    this.context.announcer.announce(interpolate('{block} block moved to position {position} of {count}.', { block: view.label, position: to + 1, count: this.blocks.length }));
  }

  private enableDragging(): void {
    const sortable = Sortable.create(this.element, {
      handle: '.sf-block__handle',
      draggable: '.sf-stream__item',
      animation: 150,
      // Pointer events rather than native drag and drop: one behaviour for mouse and touch.
      forceFallback: true,
      onEnd: (event) => {
        const from = event.oldDraggableIndex ?? -1;
        const to = event.newDraggableIndex ?? -1;
        // The end insert button must stay last whatever the drop did.
        this.element.append(this.endInsert);
        if (from < 0 || to < 0 || from === to) return;
        const view = this.blocks[from]!;
        this.blocks = moveItem(this.blocks, from, to);
        this.afterReorder(view, to);
      },
    });
    this.scope.add(() => sortable.destroy());
  }
}

/** One block of a stream: its header, actions and body. */
class BlockView {
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
    private readonly stream: StreamEditor,
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
      const control: HTMLButtonElement = button({ class: `sf-icon-button ${className}`, 'aria-label': name, title: shortcut ? `${name} (${shortcut})` : name, 'aria-keyshortcuts': shortcut }, () => run(control), icon(iconName));
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

// Rich text as words: block ends become spaces, inline tags vanish, entities decode. DOMParser
// documents run no scripts and load nothing, so editor HTML is safe to read this way.
function plainText(html: string): string {
  // The summary shows 80 characters; reading a long body whole on each keystroke would be waste.
  const spaced = html.slice(0, SUMMARY_SOURCE_LENGTH).replace(/<\/(p|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, ' ');
  return (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function errorCountText(count: number): string {
  return count === 1 ? gettext('1 error') : interpolate('{count} errors', { count });
}

const SUMMARY_KINDS = new Set<FieldKind>(['text', 'textarea', 'rich_text']);

// The first words a block shows (its first filled text field), tags stripped: a collapsed block's hint.
function summaryOf(value: unknown, fields: readonly FieldNode[]): string {
  if (typeof value !== 'object' || value === null) return '';
  for (const field of fields) {
    const content = (value as Record<string, unknown>)[field.name];
    if (typeof content !== 'string' || content.trim() === '') continue;
    const text = field.kind === 'rich_text' ? plainText(content) : content.replace(/\s+/g, ' ').trim();
    if (text) return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
  }
  return '';
}
