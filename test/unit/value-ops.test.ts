import { expect } from 'chai';
import { CLIPBOARD_KIND, type FieldNode, type SerializedBlockDefinition, type StreamBlock } from '../../admin-client/streamfield/schemas';
import {
  addListItem,
  clipboardPayload,
  copyWithFreshIds,
  definitionsByType,
  emptyValue,
  getAtPath,
  insertAt,
  moveItem,
  moveListItem,
  newBlock,
  readClipboardText,
  referencedIds,
  removeAt,
  removeListItem,
  setAtPath,
} from '../../admin-client/streamfield/value-ops';

const base = { required: false, nullable: false } as const;
const ACCORDION_ITEM: FieldNode = {
  ...base,
  name: '',
  label: 'Accordions',
  kind: 'struct',
  children: [
    { ...base, name: 'default_content', label: 'Default content', kind: 'text', required: true },
    { ...base, name: 'hidden_content', label: 'Hidden content', kind: 'rich_text', required: true },
  ],
};
const DEFINITIONS: SerializedBlockDefinition[] = [
  {
    type: 'accordion',
    label: 'Accordion',
    group: 'Text',
    fields: [
      { ...base, name: 'heading', label: 'Heading', kind: 'text', default: '' },
      { ...base, name: 'accordions', label: 'Accordions', kind: 'list', required: true, item: ACCORDION_ITEM, min_items: 1, max_items: 30 },
      { ...base, name: 'image', label: 'Image', kind: 'chooser', target: 'image', nullable: true, default: null },
    ],
  },
  {
    type: 'wrapper',
    label: 'Wrapper',
    group: 'Text',
    fields: [
      {
        ...base,
        name: 'style',
        label: 'Style',
        kind: 'select',
        choices: [
          ['wood', 'Wood'],
          ['sea', 'Sea'],
        ],
      },
      { ...base, name: 'content', label: 'Content', kind: 'stream', required: true },
    ],
  },
];
const BY_TYPE = definitionsByType(DEFINITIONS);

function counter(prefix = 'id'): () => string {
  let count = 0;
  return () => `${prefix}-${++count}`;
}

const accordion = (id: string): StreamBlock => ({
  type: 'accordion',
  id,
  value: {
    heading: 'FAQ',
    accordions: [
      { default_content: 'One', hidden_content: '<p>1</p>' },
      { default_content: 'Two', hidden_content: '<p>2</p>' },
    ],
    image: 4,
  },
});

describe('StreamField value operations', () => {
  describe('on lists', () => {
    const items = ['a', 'b', 'c'] as const;

    it('inserts at the start, the middle, the end, and clamps beyond', () => {
      expect(insertAt(items, 0, 'x')).to.deep.equal(['x', 'a', 'b', 'c']);
      expect(insertAt(items, 2, 'x')).to.deep.equal(['a', 'b', 'x', 'c']);
      expect(insertAt(items, 3, 'x')).to.deep.equal(['a', 'b', 'c', 'x']);
      expect(insertAt(items, 99, 'x')).to.deep.equal(['a', 'b', 'c', 'x']);
      expect(insertAt(items, -5, 'x')).to.deep.equal(['x', 'a', 'b', 'c']);
      expect(items).to.deep.equal(['a', 'b', 'c']);
    });

    it('moves up and down, clamps the target and ignores an unknown source', () => {
      expect(moveItem(items, 2, 0)).to.deep.equal(['c', 'a', 'b']);
      expect(moveItem(items, 0, 1)).to.deep.equal(['b', 'a', 'c']);
      expect(moveItem(items, 0, 10)).to.deep.equal(['b', 'c', 'a']);
      expect(moveItem(items, 5, 0)).to.deep.equal(['a', 'b', 'c']);
    });

    it('removes one item and only that one', () => {
      expect(removeAt(items, 1)).to.deep.equal(['a', 'c']);
      expect(removeAt(items, 7)).to.deep.equal(['a', 'b', 'c']);
    });
  });

  describe('on nested values', () => {
    it('reads and writes deep inside a list of structs without touching the original', () => {
      const block = accordion('a');
      const edited = setAtPath(block.value, ['accordions', 1, 'default_content'], 'Second');
      expect(getAtPath(edited, ['accordions', 1, 'default_content'])).to.equal('Second');
      expect(getAtPath(edited, ['accordions', 0])).to.equal(getAtPath(block.value, ['accordions', 0]), 'untouched items are shared');
      expect(getAtPath(block.value, ['accordions', 1, 'default_content'])).to.equal('Two');
      expect(getAtPath(block.value, ['missing', 3, 'x'])).to.equal(undefined);
    });

    it('adds, moves and removes list items at a path', () => {
      const value = accordion('a').value;
      const added = addListItem(value, ['accordions'], ACCORDION_ITEM, 1);
      expect(getAtPath(added, ['accordions'])).to.deep.equal([
        { default_content: 'One', hidden_content: '<p>1</p>' },
        { default_content: '', hidden_content: '' },
        { default_content: 'Two', hidden_content: '<p>2</p>' },
      ]);
      const moved = moveListItem(added, ['accordions'], 2, 0);
      expect((getAtPath(moved, ['accordions']) as Array<{ default_content: string }>).map((item) => item.default_content)).to.deep.equal(['Two', 'One', '']);
      const removed = removeListItem(moved, ['accordions'], 1);
      expect((getAtPath(removed, ['accordions']) as Array<{ default_content: string }>).map((item) => item.default_content)).to.deep.equal(['Two', '']);
    });

    it('edits a list of lists (table rows) by index', () => {
      const row: FieldNode = { ...base, name: '', label: 'Rows', kind: 'list', item: { ...base, name: '', label: 'Rows', kind: 'text' }, min_items: 2 };
      const table = { rows: [['a', 'b']] };
      const withRow = addListItem(table, ['rows'], row, 1);
      expect(withRow).to.deep.equal({
        rows: [
          ['a', 'b'],
          ['', ''],
        ],
      });
      expect(setAtPath(withRow, ['rows', 1, 0], 'c')).to.deep.equal({
        rows: [
          ['a', 'b'],
          ['c', ''],
        ],
      });
      expect(moveListItem(table, ['rows', 0], 1, 0)).to.deep.equal({ rows: [['b', 'a']] });
    });
  });

  describe('new values', () => {
    it('start from schema defaults, null when optional, or the empty value of their kind', () => {
      expect(emptyValue({ ...base, name: 'h', label: 'H', kind: 'text', default: 'Hello' })).to.equal('Hello');
      expect(emptyValue({ ...base, name: 'i', label: 'I', kind: 'chooser', target: 'image', nullable: true })).to.equal(null);
      expect(
        emptyValue({
          ...base,
          name: 's',
          label: 'S',
          kind: 'select',
          choices: [
            ['x', 'X'],
            ['y', 'Y'],
          ],
        }),
      ).to.equal('x');
      expect(emptyValue({ ...base, name: 'b', label: 'B', kind: 'boolean' })).to.equal(false);
      expect(emptyValue({ ...base, name: 'n', label: 'N', kind: 'number', integer: true, min: 3 })).to.equal(3);
      const defaultList = { ...base, name: 'l', label: 'L', kind: 'list', item: ACCORDION_ITEM, default: [] } as const;
      expect(emptyValue(defaultList)).to.deep.equal([]);
    });

    it('makes a block with each field at its start and a new id', () => {
      expect(newBlock(DEFINITIONS[0]!, counter('new'))).to.deep.equal({
        type: 'accordion',
        id: 'new-1',
        value: { heading: '', accordions: [{ default_content: '', hidden_content: '' }], image: null },
      });
      expect(newBlock(DEFINITIONS[1]!, counter()).value).to.deep.equal({ style: 'wood', content: [] });
    });
  });

  describe('duplicating', () => {
    it('copies a block under a new id, the copy independent of the original', () => {
      const original = accordion('a');
      const copy = copyWithFreshIds(original, BY_TYPE, counter('copy'));
      expect(copy).to.deep.equal({ ...original, id: 'copy-1' });
      (copy.value as { heading: string }).heading = 'Changed';
      expect((original.value as { heading: string }).heading).to.equal('FAQ');
    });

    it('copies a block of a type it does not know as it is, under a new id', () => {
      expect(copyWithFreshIds({ type: 'retired', id: 'r', value: { kept: [1, 2] } }, BY_TYPE, counter('copy'))).to.deep.equal({
        type: 'retired',
        id: 'copy-1',
        value: { kept: [1, 2] },
      });
    });

    it('renumbers the blocks of nested streams too', () => {
      const wrapper: StreamBlock = { type: 'wrapper', id: 'w', value: { style: 'sea', content: [accordion('inner-1'), accordion('inner-2')] } };
      const copy = copyWithFreshIds(wrapper, BY_TYPE, counter('fresh'));
      expect(copy.id).to.equal('fresh-1');
      expect((copy.value as { content: StreamBlock[] }).content.map((block) => block.id)).to.deep.equal(['fresh-2', 'fresh-3']);
      expect((wrapper.value as { content: StreamBlock[] }).content.map((block) => block.id)).to.deep.equal(['inner-1', 'inner-2']);
    });
  });

  describe('pasting', () => {
    const copied = JSON.stringify(clipboardPayload(accordion('orig')));

    it('accepts a copied block of an allowed type, under a fresh id', () => {
      const result = readClipboardText(copied, BY_TYPE, counter('pasted'));
      expect(result).to.deep.equal({ ok: true, block: { ...accordion('orig'), id: 'pasted-1' } });
    });

    it('refuses text that is not a copied block', () => {
      expect(readClipboardText('Just some words', BY_TYPE, counter())).to.deep.equal({ ok: false, reason: 'not-a-block' });
      expect(readClipboardText(JSON.stringify({ kind: 'other', version: 1, block: accordion('x') }), BY_TYPE, counter())).to.deep.equal({ ok: false, reason: 'not-a-block' });
      expect(readClipboardText(JSON.stringify({ kind: CLIPBOARD_KIND, version: 2, block: accordion('x') }), BY_TYPE, counter())).to.deep.equal({ ok: false, reason: 'not-a-block' });
      expect(readClipboardText(JSON.stringify({ kind: CLIPBOARD_KIND, version: 1, block: { type: 'accordion', value: {} } }), BY_TYPE, counter())).to.deep.equal({
        ok: false,
        reason: 'not-a-block',
      });
    });

    it('refuses a block of a type this field does not allow', () => {
      const foreign = JSON.stringify(clipboardPayload({ type: 'hero', id: 'h', value: { title: 'Hi' } }));
      expect(readClipboardText(foreign, BY_TYPE, counter())).to.deep.equal({ ok: false, reason: 'type-not-allowed' });
    });
  });

  describe('references', () => {
    it('lists the ids each chooser points at, in lists and nested streams too, once each', () => {
      const grid: SerializedBlockDefinition = {
        type: 'grid',
        label: 'Grid',
        group: 'Media',
        fields: [
          {
            ...base,
            name: 'items',
            label: 'Items',
            kind: 'list',
            item: {
              ...base,
              name: '',
              label: 'Items',
              kind: 'struct',
              children: [
                { ...base, name: 'image', label: 'Image', kind: 'chooser', target: 'image', nullable: true },
                {
                  ...base,
                  name: 'link',
                  label: 'Link',
                  kind: 'struct',
                  nullable: true,
                  children: [{ ...base, name: 'page', label: 'Page', kind: 'chooser', target: 'page', nullable: true }],
                },
              ],
            },
          },
        ],
      };
      const definitions = definitionsByType([...DEFINITIONS, grid]);
      const stream: StreamBlock[] = [
        accordion('a'),
        {
          type: 'grid',
          id: 'g',
          value: {
            items: [
              { image: 9, link: { page: 3 } },
              { image: null, link: null },
              { image: 4, link: null },
            ],
          },
        },
        { type: 'wrapper', id: 'w', value: { style: 'sea', content: [accordion('inner'), { type: 'unknown', id: 'u', value: { image: 99 } }] } },
      ];
      expect(referencedIds(stream, definitions)).to.deep.equal({ image: [4, 9], page: [3], document: [], video: [], toolbox_snippet: [], country: [], tiered_navigation: [] });
    });
  });
});
