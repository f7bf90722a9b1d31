/**
 * Where an image, document, video, page or snippet is referenced: by pages' live content and by
 * their revisions, and by snippets whose content holds blocks (Wagtail's usage view), read
 * through the page types' and blocks' field trees so a number that merely looks like an id is
 * not counted.
 */
import type { ChooserTarget, SerializedBlockDefinition, StreamValue } from '../../admin-client/streamfield/schemas';
import { definitionsByType, referencedIds, type DefinitionsByType } from '../../admin-client/streamfield/value-ops';
import { pageTypeFields, serializeBlockDefinitions } from './block-definitions';
import type { Db } from '../db/database';
import { pagesMentioning, toolboxSnippetsMentioning } from '../models/content-mentions';
import { pagesByIds } from '../models/page-selection';
import { PAGE_TYPES } from '../pagetypes/index';

/** One page that refers to the object, and in which of its versions. */
export interface UsageEntry {
  pageId: number;
  /** The page's latest draft title. */
  title: string;
  pageType: string;
  /** Whether the live version refers to it. */
  inLive: boolean;
  /** Whether the latest revision (what an editor sees) refers to it. */
  inLatestRevision: boolean;
  /** How many of the page's revisions refer to it. */
  revisions: number;
}

// Page types' content keyed as pseudo-blocks, beside the real blocks, so one walk reads both.
const PAGE_KEY_PREFIX = 'page-type:';

let definitions: DefinitionsByType | undefined;

function allDefinitions(): DefinitionsByType {
  if (definitions) return definitions;
  const pageTypes: SerializedBlockDefinition[] = Object.values(PAGE_TYPES).map((pageType) => ({
    type: PAGE_KEY_PREFIX + pageType.name,
    label: pageType.label,
    group: '',
    fields: pageTypeFields(pageType),
  }));
  definitions = definitionsByType([...serializeBlockDefinitions(), ...pageTypes]);
  return definitions;
}

/** The ids of each kind that a page's content refers to, nested blocks included. */
export function referencesInContent(pageType: string, content: unknown): Record<ChooserTarget, number[]> {
  return referencedIds([{ id: 'content', type: PAGE_KEY_PREFIX + pageType, value: content }], allDefinitions());
}

function refersTo(pageType: string, content: unknown, target: ChooserTarget, id: number): boolean {
  return referencesInContent(pageType, content)[target].includes(id);
}

/**
 * The pages whose live content or any revision refers to the object, by title. The database
 * first narrows to content that mentions the id (pagesMentioning); the field walk confirms it.
 */
export async function mediaUsage(db: Db, target: ChooserTarget, id: number): Promise<UsageEntry[]> {
  const { live: liveMatches, revisions: revisionMatches } = await pagesMentioning(db, id);
  const liveIds = new Set(liveMatches.filter((page) => refersTo(page.page_type, page.content, target, id)).map((page) => page.id));
  const revisions = revisionMatches.filter((revision) => refersTo(revision.page_type, (revision.content as { content?: unknown }).content ?? {}, target, id));
  const pageIds = [...new Set([...liveIds, ...revisions.map((revision) => revision.page_id)])];
  if (pageIds.length === 0) return [];
  const pages = await pagesByIds(db, pageIds);
  const revisionIds = new Set(revisions.map((revision) => revision.id));
  return pages
    .map((page) => ({
      pageId: page.id,
      title: page.draft_title,
      pageType: page.page_type,
      inLive: liveIds.has(page.id),
      inLatestRevision: page.latest_revision_id !== null && revisionIds.has(page.latest_revision_id),
      revisions: revisions.filter((revision) => revision.page_id === page.id).length,
    }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.pageId - b.pageId);
}

/** One snippet whose content refers to the object. */
export interface SnippetUsageEntry {
  id: number;
  title: string;
  /** Where the snippet is edited. */
  editUrl: string;
}

/**
 * The toolbox snippets whose body refers to the object (the one snippet model holding blocks),
 * narrowed in the database as `mediaUsage` does, then confirmed by the field walk.
 */
export async function snippetUsage(db: Db, target: ChooserTarget, id: number): Promise<SnippetUsageEntry[]> {
  const rows = await toolboxSnippetsMentioning(db, id);
  return rows
    .filter((row) => referencedIds(row.body as StreamValue, allDefinitions())[target].includes(id))
    .map((row) => ({ id: row.id, title: row.title, editUrl: `/wagtail/snippets/snippets/toolboxsnippet/edit/${row.id}/` }));
}
