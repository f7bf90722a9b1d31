import { z } from 'zod';
import type { TableProps } from '../../client/blocks/Table';
import { containerWidthSchema } from './references';
import { defineBlock } from './types';

const cellSchema = z.string().trim().max(500);

/** A data table (a catering menu, nutrition facts) with a caption and header row, in a container width. */
export const tableBlock = defineBlock({
  type: 'table',
  label: 'Table',
  preview: {
    caption: 'Party platters',
    header: ['Platter', 'Serves', 'Price'],
    rows: [
      ['Shrimp cocktail', '10', '$45'],
      ['Crab cakes', '12', '$60'],
    ],
  },
  schema: z
    .object({
      caption: z.string().trim().max(255).default(''),
      header: z.array(cellSchema.min(1)).min(1).max(12).meta({ label: 'Header row' }),
      rows: z.array(z.array(cellSchema).min(1).max(12)).min(1).max(200),
      first_column_is_header: z.boolean().default(false).meta({ label: 'First column labels each row' }),
      container_width: containerWidthSchema,
    })
    .refine((table) => table.rows.every((row) => row.length === table.header.length), {
      message: 'every row needs as many cells as the header row',
      path: ['rows'],
    }),
  toProps: (value): TableProps => ({
    caption: value.caption,
    header: value.header,
    rows: value.rows,
    firstColumnIsHeader: value.first_column_is_header,
    containerWidth: value.container_width,
  }),
});
