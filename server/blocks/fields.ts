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
