/** A StreamField block after the server resolved it: what the block component receives. */
export interface RenderedBlock<P = Record<string, unknown>> {
  type: string;
  id: string;
  props: P;
}

/** Text alignment shared by text blocks. */
export type Alignment = 'left' | 'center' | 'right';

/** Container width of SPEC §2; full is the default. */
export type ContainerWidth = 'full' | 'twoThirds' | 'half';
