import { z } from 'zod';
import type { AdminField } from './types';

/** Text alignment values shared by text blocks. */
export const ALIGNMENTS = ['left', 'center', 'right'] as const;

/** The alignment field of text blocks, defaulting to left. */
export const alignmentSchema = z.enum(ALIGNMENTS).default('left');

/** The admin field for alignment. */
export const ALIGNMENT_FIELD: AdminField = {
  name: 'alignment',
  label: 'Alignment',
  kind: 'select',
  choices: ALIGNMENTS.map((value) => [value, value[0]!.toUpperCase() + value.slice(1)] as const),
};

/** The admin field of an image from the library, stored as its id. */
export function imageField(name: string, label: string, required = false): AdminField {
  return { name, label, kind: 'number', required, help_text: 'The id of an image in the image library.' };
}

/** The admin field of a block's container width (SPEC §2), shared by every block group. */
export const CONTAINER_WIDTH_FIELD: AdminField = {
  name: 'container_width',
  label: 'Container width',
  kind: 'select',
  choices: [
    ['full', 'Full'],
    ['twoThirds', 'Two thirds'],
    ['half', 'Half'],
  ],
};
