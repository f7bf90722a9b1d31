import { gettext } from '../../client/lib/i18n';
import type { Db } from '../db/database';
import type { SnippetModel } from '../models/snippets/registry';
import { snippetHistory } from '../models/snippets/revisions';
import { pageTitlesById } from '../models/snippets/store';
import { SNIPPET_FORM_FIELDS } from './snippets-forms';

/** How the history names each audited action, as Wagtail's log entry labels. */
const HISTORY_ACTIONS: Record<string, () => string> = {
  'snippet.create': () => gettext('Created'),
  'snippet.edit': () => gettext('Edited'),
};

/** What a revision saved, field by field ("Name: Site map · Root page: Menus"), pages by title; streams are left out. */
function revisionSummary(model: SnippetModel, content: Record<string, unknown>, pageTitles: ReadonlyMap<number, string>): string {
  const shown = (kind: string, value: unknown) => (kind === 'page' && typeof value === 'number' ? (pageTitles.get(value) ?? `#${value}`) : String(value ?? ''));
  return SNIPPET_FORM_FIELDS[model]
    .filter((field) => field.kind !== 'stream')
    .map((field) => `${gettext(field.label)}: ${shown(field.kind, content[field.name]) || '—'}`)
    .join(' · ');
}

/** The rows of a snippet's history screen, newest first: who did what, and what each revision saved. */
export async function snippetHistoryEntries(db: Db, model: SnippetModel, objectId: number) {
  const history = await snippetHistory(db, model, objectId);
  const latestRevision = history.find((entry) => entry.revisionId !== null)?.revisionId;
  const pageFields = SNIPPET_FORM_FIELDS[model].filter((field) => field.kind === 'page').map((field) => field.name);
  const pageIds = history.flatMap((entry) => pageFields.map((name) => entry.content?.[name]).filter((value): value is number => typeof value === 'number'));
  const pageTitles = new Map((await pageTitlesById(db, pageIds)).map((page) => [page.id, page.title]));
  return history.map((entry) => ({
    id: entry.id,
    revisionId: entry.revisionId,
    action: HISTORY_ACTIONS[entry.action]?.() ?? entry.action,
    isCurrent: entry.revisionId !== null && entry.revisionId === latestRevision,
    username: entry.username ?? gettext('system'),
    createdAt: entry.createdAt,
    summary: entry.content ? revisionSummary(model, entry.content, pageTitles) : '',
  }));
}
