import { z } from 'zod';

/** Text alignment values shared by text blocks. */
export const ALIGNMENTS = ['left', 'center', 'right'] as const;

/** The alignment field of text blocks, defaulting to left. */
export const alignmentSchema = z.enum(ALIGNMENTS).default('left');
