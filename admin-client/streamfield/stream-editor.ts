/**
 * One StreamField's list of blocks: insert buttons between blocks, and the blocks (block-view.ts)
 * it adds, moves (by button, key or drag), duplicates, copies, pastes and removes.
 */
import Sortable from 'sortablejs';
import { gettext, interpolate } from '../../client/lib/i18n';
import { BlockView, type BlockHost } from './block-view';
import { copyBlock, pasteBlock } from './clipboard';
import { button, h, Scope } from './dom';
import type { EditorContext, NestedStream } from './editor-context';
import type { StreamBlock, StreamValue } from './schemas';
import { copyWithFreshIds, insertAt, moveItem, newBlock, removeAt } from './value-ops';

/** Beyond this many blocks a stream opens with every block collapsed, so bodies build on demand. */
export const COLLAPSE_BEYOND = 12;

const INSERT_MESSAGES: Record<'added' | 'duplicated' | 'pasted', () => string> = {
  added: () => gettext('{block} block added at position {position}.'),
  duplicated: () => gettext('{block} block duplicated at position {position}.'),
  pasted: () => gettext('{block} block pasted at position {position}.'),
};

/** A StreamField editor; the root one and those nested in blocks are the same thing. */
export class StreamEditor implements NestedStream, BlockHost {
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
    const endButton = button(
      { class: 'sf-button sf-stream__add', 'aria-expanded': 'false', 'aria-haspopup': 'dialog' },
      () => this.openMenu(endButton, () => this.blocks.length),
      '+ ',
      gettext('Add block'),
    );
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
    this.context.announcer.announce(
      isCopied ? interpolate('{block} block copied. Paste it from the Add block menu of any page.', { block: view.label }) : gettext('The block could not be copied.'),
    );
  }

  private async paste(index: number, anchor: HTMLElement): Promise<void> {
    const result = await pasteBlock(this.context.byType, this.context.makeId);
    if (result.ok) {
      this.insert(index, result.block, 'pasted');
      return;
    }
    this.context.announcer.announce(
      result.reason === 'type-not-allowed' ? gettext('The copied block is of a type this field does not allow.') : gettext('There is no copied block to paste.'),
    );
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
