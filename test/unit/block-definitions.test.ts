import { expect } from 'chai';
import { z } from 'zod';
// The registry first: block files reach stream.ts through it, as the server loads them.
import { BLOCKS } from '../../server/blocks/index';
import { blockDefinitionSchema, streamFieldConfigSchema, type FieldNode, type SerializedBlockDefinition } from '../../admin-client/streamfield/schemas';
import { humanize, serializeBlockDefinition, serializeBlockDefinitions, serializeFields, UnsupportedBlockSchemaError } from '../../server/admin/block-definitions';
import { PAGE_TYPES } from '../../server/pagetypes/index';
import { streamFieldConfig } from '../../server/admin/streamfield-config';
import { imageRefSchema, pageRefSchema } from '../../server/blocks/references';
import { defineBlock } from '../../server/blocks/types';
import { HARNESS_DEMO_VALUE } from '../../scripts/streamfield-harness-demo';

/** Every field of a tree with its dotted path (list items as `[]`). */
function walk(fields: readonly FieldNode[], prefix = ''): Array<{ path: string; node: FieldNode }> {
  return fields.flatMap((node) => {
    const path = node.name ? (prefix ? `${prefix}.${node.name}` : node.name) : `${prefix}[]`;
    const here = { path, node };
    if (node.kind === 'struct') return [here, ...walk(node.children, path)];
    if (node.kind === 'list') return [here, ...walk([node.item], path)];
    return [here];
  });
}

// Admin hints address list items by index (`links.0.page`); the tree has one item node per list.
function fieldAt(definition: SerializedBlockDefinition, hintPath: string): FieldNode {
  const path = hintPath.replace(/\.\d+(?=\.|$)/g, '[]');
  const found = walk(definition.fields).find((entry) => entry.path === path);
  if (!found) throw new Error(`${definition.type} has no field ${path}`);
  return found.node;
}

describe('block definitions for the StreamField editor', () => {
  const definitions = serializeBlockDefinitions();
  const byType = new Map(definitions.map((definition) => [definition.type, definition]));

  it('serializes every registered block, once, with a menu group', () => {
    expect(definitions.map((definition) => definition.type)).to.have.members(Object.keys(BLOCKS));
    expect(definitions).to.have.length(Object.keys(BLOCKS).length);
    for (const definition of definitions) {
      expect(definition.group, definition.type).to.be.oneOf(['Text and structure', 'Images and features', 'Video and embeds']);
      expect(definition.label).to.equal(BLOCKS[definition.type]!.label);
    }
  });

  it('gives the shape the editor checks its config against', () => {
    for (const definition of definitions) expect(() => blockDefinitionSchema.parse(definition), definition.type).not.to.throw();
    expect(() => streamFieldConfigSchema.parse(streamFieldConfig({ name: 'body', value: HARNESS_DEMO_VALUE }))).not.to.throw();
  });

  it('labels every field, nested ones included', () => {
    for (const definition of definitions) {
      for (const { path, node } of walk(definition.fields)) expect(node.label.trim(), `${definition.type}.${path}`).not.to.equal('');
    }
  });

  it('covers every field of each block value', () => {
    for (const definition of definitions) {
      const shape = (BLOCKS[definition.type]!.schema as unknown as z.ZodObject).shape;
      expect(definition.fields.map((field) => field.name), definition.type).to.deep.equal(Object.keys(shape));
    }
  });

  it('turns every id-of-something admin field into a chooser of the right library', () => {
    const targets = { image: /an image/, page: /a page|the page/, video: /a video/ };
    let checked = 0;
    for (const definition of definitions) {
      for (const hint of BLOCKS[definition.type]!.fields.filter((field) => field.help_text?.startsWith('The id of'))) {
        const node = fieldAt(definition, hint.name);
        const target = Object.entries(targets).find(([, pattern]) => pattern.test(hint.help_text!))?.[0];
        expect(node, `${definition.type}.${hint.name}`).to.include({ kind: 'chooser', target });
        expect(node.help_text, 'the id hint no longer applies').to.equal(undefined);
        checked += 1;
      }
    }
    expect(checked).to.be.greaterThan(10);
  });

  it('finds references nested in lists and links, which have no admin hints', () => {
    expect(fieldAt(byType.get('content_grid')!, 'items[].image')).to.include({ kind: 'chooser', target: 'image', nullable: true });
    expect(fieldAt(byType.get('content_grid')!, 'items[].link.page')).to.include({ kind: 'chooser', target: 'page' });
    expect(fieldAt(byType.get('hero')!, 'link.page')).to.include({ kind: 'chooser', target: 'page', label: 'Link: page' });
    expect(fieldAt(byType.get('printable_coupon')!, 'coupon_image')).to.include({ kind: 'chooser', target: 'image', required: true, nullable: false });
  });

  it('offers rich text, selects, checkboxes, dates, lists, structs and nested streams', () => {
    expect(fieldAt(byType.get('rich_text')!, 'html')).to.include({ kind: 'rich_text', label: 'Text' });
    expect(fieldAt(byType.get('accordion')!, 'accordions[].hidden_content')).to.include({ kind: 'rich_text', label: 'Hidden content' });
    expect(fieldAt(byType.get('accordion')!, 'accordions')).to.include({ kind: 'list', min_items: 1, max_items: 30, required: true });
    expect(fieldAt(byType.get('heading')!, 'level')).to.deep.include({ kind: 'select', default: 'h2' });
    expect(fieldAt(byType.get('hero')!, 'text_style')).to.deep.include({ choices: [['dark', 'Dark text (for light images)'], ['light', 'Light text (for dark images)']] });
    expect(fieldAt(byType.get('table')!, 'first_column_is_header')).to.include({ kind: 'boolean', default: false });
    expect(fieldAt(byType.get('table')!, 'rows[][]')).to.include({ kind: 'text', max_length: 500 });
    expect(fieldAt(byType.get('printable_coupon')!, 'expires_on')).to.include({ kind: 'date' });
    expect(fieldAt(byType.get('embed')!, 'url')).to.include({ kind: 'url', required: true });
    expect(fieldAt(byType.get('hero')!, 'link')).to.include({ kind: 'struct', nullable: true, default: null });
    expect(fieldAt(byType.get('custom_background_wrapper')!, 'content')).to.include({ kind: 'stream' });
    expect(fieldAt(byType.get('iframe')!, 'default_height')).to.include({ kind: 'number', integer: true, min: 100, max: 4000, default: 600 });
  });

  it('keeps every rich text admin hint a rich text editor', () => {
    for (const definition of definitions) {
      for (const hint of BLOCKS[definition.type]!.fields.filter((field) => field.kind === 'rich_text')) {
        expect(fieldAt(definition, hint.name).kind, `${definition.type}.${hint.name}`).to.equal('rich_text');
      }
    }
  });

  it('refuses a block whose value is not an object, or has a field it cannot edit', () => {
    const scalar = defineBlock({ type: 'scalar', label: 'Scalar', schema: z.string(), fields: [], toProps: () => ({}) });
    expect(() => serializeBlockDefinition(scalar, 'Test')).to.throw(UnsupportedBlockSchemaError, /must be an object/);
    const union = defineBlock({ type: 'either', label: 'Either', schema: z.object({ target: z.union([imageRefSchema, pageRefSchema]) }), fields: [], toProps: () => ({}) });
    expect(() => serializeBlockDefinition(union, 'Test')).to.throw(UnsupportedBlockSchemaError, /target.*union/);
  });

  it('serializes page types’ fields too, their StreamFields as streams', () => {
    for (const pageType of Object.values(PAGE_TYPES)) {
      const fields = serializeFields(pageType.fields, pageType.adminFields, `Page type ${pageType.name}`);
      for (const { path, node } of walk(fields)) expect(node.label.trim(), `${pageType.name}.${path}`).not.to.equal('');
    }
    const home = serializeFields(PAGE_TYPES.home_page!.fields, PAGE_TYPES.home_page!.adminFields, 'Home');
    expect(home.find((field) => field.name === 'body')).to.include({ kind: 'stream' });
  });

  it('labels unhinted fields from their keys', () => {
    expect(humanize('hidden_content')).to.equal('Hidden content');
    expect(humanize('twoThirds')).to.equal('Two thirds');
    expect(humanize('url')).to.equal('URL');
    expect(humanize('see_all_url')).to.equal('See all URL');
  });

  it('opens the harness on a value every block schema accepts', () => {
    for (const block of HARNESS_DEMO_VALUE) {
      const result = BLOCKS[block.type]!.schema.safeParse(block.value);
      expect(result.success, `${block.type}: ${result.error?.message}`).to.equal(true);
    }
  });
});
