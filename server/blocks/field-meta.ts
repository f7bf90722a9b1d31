/**
 * What the back office reads off a field's zod schema (`.meta()` in zod's global registry): its
 * label, help text, the widget when the schema's type alone does not say it (an image id is a
 * number, rich text a string) and the labels of a select's choices. Declared once, on the field.
 */
import { z } from 'zod';

/** Widgets a schema can ask for beyond what its type implies. */
export const FIELD_WIDGETS = ['image', 'document', 'page', 'video', 'toolbox_snippet', 'country', 'tiered_navigation', 'rich_text', 'textarea', 'url', 'stream'] as const;
/** One widget a schema can ask for. */
export type FieldWidget = (typeof FIELD_WIDGETS)[number];

declare module 'zod' {
  interface GlobalMeta {
    /** The field's label in the admin form; its key, humanized, when absent. */
    label?: string;
    help_text?: string;
    widget?: FieldWidget;
    /** Labels of a select's values, in any order; values without one are humanized. */
    choices?: ReadonlyArray<readonly [value: string, label: string]>;
  }
}

/** The admin metadata a schema carries, its own over what it was cloned from (zod's inheritance). */
export function fieldMeta(schema: z.core.$ZodType): z.GlobalMeta {
  return z.globalRegistry.get(schema) ?? {};
}
