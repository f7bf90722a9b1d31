/**
 * Refuses a save whose content refers to an image, document, video or page that no longer
 * exists (deleted while the page was open, say), with a message beside the field or the block
 * field that holds it, instead of storing a reference the site would silently drop.
 */
import { gettext } from '../../../client/lib/i18n';
import { CHOOSER_TARGETS, type ChooserTarget, type FieldNode, type StreamErrors, type StreamValue } from '../../../admin-client/streamfield/schemas';
import type { Db } from '../../db/database';
import { existingIds } from '../../models/chosen-objects';
import { SNIPPET_TABLES } from '../../models/snippets/registry';
import type { PageTypeDefinition } from '../../pagetypes/types';
import { pageTypeFields, serializeBlockDefinitions } from '../block-definitions';
import { emptyProblems } from '../../forms/problems';
import { referencesInContent } from '../media-usage';
import { addFieldProblem, CONTENT_PREFIX, streamBlocksOf, streamSummary, type StreamFormProblems } from './page-form';

const GONE_MESSAGES: Record<ChooserTarget, () => string> = {
  image: () => gettext('The image chosen here no longer exists; choose another.'),
  document: () => gettext('The document chosen here no longer exists; choose another.'),
  video: () => gettext('The video chosen here no longer exists; choose another.'),
  page: () => gettext('The page chosen here no longer exists; choose another.'),
  toolbox_snippet: () => gettext('The toolbox snippet chosen here no longer exists; choose another.'),
  country: () => gettext('The country chosen here no longer exists; choose another.'),
  tiered_navigation: () => gettext('The tiered navigation chosen here no longer exists; choose another.'),
};

const TABLES = { image: 'images', document: 'documents', video: 'videos', page: 'pages', ...SNIPPET_TABLES } as const;

/** The ids of each kind the content refers to that are gone: one query per kind referred to. */
async function missingIds(db: Db, pageType: string, content: Record<string, unknown>): Promise<Record<ChooserTarget, Set<number>>> {
  const referenced = referencesInContent(pageType, content);
  const entries = await Promise.all(
    CHOOSER_TARGETS.map(async (target) => {
      const ids = referenced[target];
      const existing = await existingIds(db, TABLES[target], ids);
      return [target, new Set(ids.filter((id) => !existing.has(id)))] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<ChooserTarget, Set<number>>;
}

type Path = Array<string | number>;

let fieldsByType: ReadonlyMap<string, FieldNode[]> | undefined;

function blockFields(type: string): readonly FieldNode[] {
  fieldsByType ??= new Map(serializeBlockDefinitions().map((definition) => [definition.type, definition.fields]));
  return fieldsByType.get(type) ?? [];
}

/**
 * The problems of a valid form's content whose references are gone, or null when every
 * reference exists; `values` is what the form showed, kept for the re-rendered form.
 */
export async function referenceProblems(db: Db, pageType: PageTypeDefinition, content: Record<string, unknown>, values: Record<string, unknown>): Promise<StreamFormProblems | null> {
  const missing = await missingIds(db, pageType.name, content);
  if (CHOOSER_TARGETS.every((target) => missing[target].size === 0)) return null;
  const problems: StreamFormProblems = { ...emptyProblems(values), streamErrors: {}, fieldErrors: {} };

  const visitStream = (blocks: StreamValue, errors: StreamErrors) => {
    for (const block of blocks) {
      const value = block.value;
      if (typeof value !== 'object' || value === null) continue;
      for (const field of blockFields(block.type)) {
        visit(field, (value as Record<string, unknown>)[field.name], [field.name], {
          report: (path, message) => (errors[block.id] ??= []).push({ path, message }),
          stream: (nested) => visitStream(nested, errors),
        });
      }
    }
  };
  interface Sink {
    report(path: Path, message: string): void;
    stream(blocks: StreamValue): void;
  }
  const visit = (node: FieldNode, value: unknown, path: Path, sink: Sink) => {
    if (node.kind === 'chooser' && typeof value === 'number' && missing[node.target].has(value)) sink.report(path, GONE_MESSAGES[node.target]());
    else if (node.kind === 'struct' && typeof value === 'object' && value !== null) {
      for (const child of node.children) visit(child, (value as Record<string, unknown>)[child.name], [...path, child.name], sink);
    } else if (node.kind === 'list' && Array.isArray(value)) value.forEach((item, index) => visit(node.item, item, [...path, index], sink));
    else if (node.kind === 'stream') sink.stream(streamBlocksOf(value));
  };

  for (const node of pageTypeFields(pageType)) {
    const name = CONTENT_PREFIX + node.name;
    if (node.kind === 'stream') {
      const blocks = streamBlocksOf(content[node.name]);
      const errors: StreamErrors = {};
      visitStream(blocks, errors);
      if (Object.keys(errors).length === 0) continue;
      problems.streamErrors[name] = errors;
      (problems.errors[name] ??= []).push(gettext('Some blocks need attention; each problem is shown beside its field below.'));
      problems.formErrors.push(...streamSummary(blocks, errors));
      continue;
    }
    visit(node, content[node.name], [], {
      report: (path, message) => addFieldProblem(problems, node, path, message),
      stream: () => undefined,
    });
  }
  return problems;
}
