import { expect } from 'chai';
import { z } from 'zod';
import { BLOCKS } from '../../server/blocks/index';
import { blockDefinitionSchema, streamFieldConfigSchema, type FieldNode, type SerializedBlockDefinition } from '../../admin-client/streamfield/schemas';
import { humanize, pageTypeFields, serializeBlockDefinition, serializeBlockDefinitions, serializeFields, UnsupportedBlockSchemaError } from '../../server/admin/block-definitions';
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

// Paths may address list items by index (`links.0.page`); the tree has one item node per list.
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
      expect(
        definition.fields.map((field) => field.name),
        definition.type,
      ).to.deep.equal(Object.keys(shape));
    }
  });

  it('makes every reference a chooser and every rich text field a rich text editor, in blocks and page types alike', () => {
    const trees: Array<[string, FieldNode[]]> = [
      ...definitions.map((definition): [string, FieldNode[]] => [`block ${definition.type}`, definition.fields]),
      ...Object.values(PAGE_TYPES).map((pageType): [string, FieldNode[]] => [`page type ${pageType.name}`, pageTypeFields(pageType)]),
    ];
    const referenceName = /(^|_)(image|document|video|page|landing_page|see_all_link|poster)$/;
    const richName = /^(html|body|legal_text|contact_info|hidden_content|answer|message)$/;
    let choosers = 0;
    for (const [owner, fields] of trees) {
      for (const { path, node } of walk(fields)) {
        if (referenceName.test(node.name)) {
          expect(node.kind, `${owner}: ${path} is an id box`).to.equal('chooser');
          choosers += 1;
        }
        if (richName.test(node.name) && node.kind !== 'stream') expect(node.kind, `${owner}: ${path} is raw HTML`).to.equal('rich_text');
        expect(node.help_text ?? '', `${owner}: ${path}`).not.to.match(/\bid\b/i);
      }
    }
    expect(choosers).to.be.greaterThan(20);
    const pressRelease = pageTypeFields(PAGE_TYPES.press_release_page!);
    expect(pressRelease.map((node) => [node.name, node.kind])).to.deep.equal([
      ['date', 'date'],
      ['feature_image', 'chooser'],
      ['body', 'rich_text'],
    ]);
    const footer = pageTypeFields(PAGE_TYPES.footer_page!);
    expect(footer.map((node) => [node.name, node.kind])).to.deep.equal([
      ['columns', 'list'],
      ['social_media', 'list'],
      ['use_old_twitter_logo', 'boolean'],
      ['legal_text', 'rich_text'],
      ['region_nav', 'struct'],
    ]);
  });

  it("reads labels, help texts, widgets and choice labels from the schema's .meta() alone", () => {
    const block = defineBlock({
      type: 'meta_test',
      label: 'Meta test',
      schema: z.object({
        alpha: z.string().meta({ label: 'Alpha', help_text: 'The first.' }),
        picture: imageRefSchema.nullable().default(null).meta({ label: 'Picture' }),
        notes: z.string().meta({ widget: 'textarea' }),
        tone: z.enum(['warm', 'cool']).meta({ choices: [['warm', 'Warm colours']] }),
      }),
      toProps: () => ({}),
    });
    const fields = serializeBlockDefinition(block, 'Test').fields;
    expect(fields[0]).to.include({ label: 'Alpha', help_text: 'The first.', kind: 'text' });
    expect(fields[1]).to.include({ label: 'Picture', kind: 'chooser', target: 'image', nullable: true });
    expect(fields[2]).to.include({ label: 'Notes', kind: 'textarea' });
    expect(fields[3]).to.deep.include({
      kind: 'select',
      choices: [
        ['warm', 'Warm colours'],
        ['cool', 'Cool'],
      ],
    });
    expect(fieldAt(byType.get('image_link')!, 'text')).to.include({ label: 'Link text', help_text: 'Names the link for everyone, including screen reader users.' });
  });

  it('finds references nested in lists and links, which have no admin hints', () => {
    expect(fieldAt(byType.get('content_grid')!, 'items[].image')).to.include({ kind: 'chooser', target: 'image', nullable: true });
    expect(fieldAt(byType.get('content_grid')!, 'items[].link.page')).to.include({ kind: 'chooser', target: 'page' });
    expect(fieldAt(byType.get('hero')!, 'link.page')).to.include({ kind: 'chooser', target: 'page', label: 'Page' });
    expect(fieldAt(byType.get('printable_coupon')!, 'coupon_image')).to.include({ kind: 'chooser', target: 'image', required: true, nullable: false });
  });

  it('offers rich text, selects, checkboxes, dates, lists, structs and nested streams', () => {
    expect(fieldAt(byType.get('rich_text')!, 'html')).to.include({ kind: 'rich_text', label: 'Text' });
    expect(fieldAt(byType.get('accordion')!, 'accordions[].hidden_content')).to.include({ kind: 'rich_text', label: 'Hidden content' });
    expect(fieldAt(byType.get('accordion')!, 'accordions')).to.include({ kind: 'list', min_items: 1, max_items: 30, required: true });
    expect(fieldAt(byType.get('heading')!, 'level')).to.deep.include({ kind: 'select', default: 'h2' });
    expect(fieldAt(byType.get('hero')!, 'text_style')).to.deep.include({
      choices: [
        ['dark', 'Dark text (for light images)'],
        ['light', 'Light text (for dark images)'],
      ],
    });
    expect(fieldAt(byType.get('table')!, 'first_column_is_header')).to.include({ kind: 'boolean', default: false });
    expect(fieldAt(byType.get('table')!, 'rows[][]')).to.include({ kind: 'text', max_length: 500 });
    expect(fieldAt(byType.get('printable_coupon')!, 'expires_on')).to.include({ kind: 'date' });
    expect(fieldAt(byType.get('embed')!, 'url')).to.include({ kind: 'url', required: true });
    expect(fieldAt(byType.get('hero')!, 'link')).to.include({ kind: 'struct', nullable: true, default: null });
    expect(fieldAt(byType.get('custom_background_wrapper')!, 'content')).to.include({ kind: 'stream' });
    expect(fieldAt(byType.get('iframe')!, 'default_height')).to.include({ kind: 'number', integer: true, min: 100, max: 4000, default: 600 });
  });

  it('refuses a block whose value is not an object, or has a field it cannot edit', () => {
    const scalar = defineBlock({ type: 'scalar', label: 'Scalar', schema: z.string(), toProps: () => ({}) });
    expect(() => serializeBlockDefinition(scalar, 'Test')).to.throw(UnsupportedBlockSchemaError, /must be an object/);
    const union = defineBlock({ type: 'either', label: 'Either', schema: z.object({ target: z.union([imageRefSchema, pageRefSchema]) }), toProps: () => ({}) });
    expect(() => serializeBlockDefinition(union, 'Test')).to.throw(UnsupportedBlockSchemaError, /target.*union/);
  });

  it('serializes page types’ fields too, their StreamFields as streams', () => {
    for (const pageType of Object.values(PAGE_TYPES)) {
      const fields = serializeFields(pageType.fields, `Page type ${pageType.name}`);
      for (const { path, node } of walk(fields)) expect(node.label.trim(), `${pageType.name}.${path}`).not.to.equal('');
    }
    const home = serializeFields(PAGE_TYPES.home_page!.fields, 'Home');
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
