/**
 * The snippet models (SPEC §2, Wagtail's wagtail.snippets): what each stores, its table, the
 * column that names an object, and the names Wagtail's addresses and screens use for it.
 */
import { z } from 'zod';
import { SNIPPET_MODELS } from '../object-permissions';

/** One snippet model, named as its object permission ('tiered_navigation'). */
export type SnippetModel = (typeof SNIPPET_MODELS)[number];

/** Every snippet model, in the order the snippets index lists them. */
export const SNIPPET_MODEL_NAMES: readonly SnippetModel[] = SNIPPET_MODELS;

/** Wagtail's app label of the snippet models, the first step of their addresses. */
export const SNIPPET_APP_LABEL = 'snippets';

const requiredText = (max: number) => z.string().trim().min(1, 'This field is required.').max(max, `Use at most ${max} characters.`);

const countryFields = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Enter the two-letter country code, e.g. US.'),
  printable_name: requiredText(100),
  root_url: z
    .string()
    .trim()
    .max(255, 'Use at most 255 characters.')
    .refine((url) => url === '' || /^https?:\/\/[^\s/]+/i.test(url), 'Enter an http or https address, or leave it empty.'),
});

const tieredNavigationFields = z.object({
  name: requiredText(255),
  heading: z.string().trim().max(255, 'Use at most 255 characters.'),
  root_page_id: z.number().int().positive().nullable(),
});

const toolboxSnippetFields = z.object({
  title: requiredText(255),
  body: z.array(z.object({ type: z.string().min(1), value: z.unknown(), id: z.string().min(1) })),
});

/** What each model stores besides its id: checked on every save and when reading a revision. */
export const SNIPPET_FIELDS = {
  toolbox_snippet: toolboxSnippetFields,
  country: countryFields,
  tiered_navigation: tieredNavigationFields,
} as const satisfies Record<SnippetModel, z.ZodObject>;

/** The stored fields of one model. */
export type SnippetFields<M extends SnippetModel> = z.output<(typeof SNIPPET_FIELDS)[M]>;

/** The table of each model, for reference checks and queries. */
export const SNIPPET_TABLES = {
  toolbox_snippet: 'toolbox_snippets',
  country: 'countries',
  tiered_navigation: 'tiered_navigations',
} as const satisfies Record<SnippetModel, string>;

/** How a model is named: its column that titles an object, Wagtail's lower-cased class name, and its verbose names. */
export interface SnippetNaming {
  titleColumn: string;
  modelName: string;
  verboseName: string;
  verboseNamePlural: string;
}

/** The names of each model. */
export const SNIPPET_NAMING: Record<SnippetModel, SnippetNaming> = {
  toolbox_snippet: { titleColumn: 'title', modelName: 'toolboxsnippet', verboseName: 'toolbox snippet', verboseNamePlural: 'toolbox snippets' },
  country: { titleColumn: 'printable_name', modelName: 'country', verboseName: 'country', verboseNamePlural: 'countries' },
  tiered_navigation: { titleColumn: 'name', modelName: 'tierednavigation', verboseName: 'tiered navigation', verboseNamePlural: 'tiered navigations' },
};

/** The model an address's model name means ('tierednavigation' → 'tiered_navigation'), or undefined. */
export function snippetModelByName(modelName: string): SnippetModel | undefined {
  return SNIPPET_MODEL_NAMES.find((model) => SNIPPET_NAMING[model].modelName === modelName);
}
