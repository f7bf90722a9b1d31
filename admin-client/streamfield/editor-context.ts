import type { Announcer } from './announcer';
import type { BlockMenu } from './block-menu';
import type { ChooserModal } from './chooser-modal';
import type { Scope } from './dom';
import type { ChooserTarget, SerializedBlockDefinition, StreamErrors, StreamValue } from './schemas';
import type { DefinitionsByType, MakeId, PathStep } from './value-ops';

/** A nested StreamField editor, as a stream field of a block embeds it. */
export interface NestedStream {
  element: HTMLElement;
  value(): StreamValue;
}

/** What every part of one mounted editor shares. */
export interface EditorContext {
  definitions: readonly SerializedBlockDefinition[];
  byType: DefinitionsByType;
  choosers: Partial<Record<ChooserTarget, string>>;
  /** Titles of chosen references, keyed `target:id`; choosers add what they pick. */
  referenceTitles: Map<string, string>;
  announcer: Announcer;
  menu: BlockMenu;
  chooser: ChooserModal;
  makeId: MakeId;
  /** Problems from the last save, by block id. */
  errors: StreamErrors;
  /** Builds a StreamField editor inside a block (wrappers hold blocks of their own). */
  createStream(initial: StreamValue, onChange: () => void, scope: Scope): NestedStream;
}

/** Where one field's value lives inside its block's value, and how to change it. */
export interface ValueCursor {
  path: readonly PathStep[];
  read(): unknown;
  write(next: unknown): void;
  /** Replaces the whole block value, for changes that also move other parts (list edits). */
  updateBlock(change: (blockValue: unknown) => unknown): void;
  at(step: PathStep): ValueCursor;
  /** Messages of the last save's problems at exactly this path; each is handed out once. */
  takeErrors(): string[];
}
