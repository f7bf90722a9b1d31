import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Block components by block type. Each takes the props its server definition's toProps
 * returns, so the registry erases the individual prop types.
 */
export type BlockComponents = Readonly<Record<string, ComponentType<never>>>;

const BlockComponentsReact = createContext<BlockComponents | null>(null);

/**
 * Makes the block components available to every StreamField below. Provided rather than imported
 * by StreamField: the blocks that hold blocks (wrappers, snippets) render a StreamField themselves,
 * so StreamField importing the registry is an import cycle.
 */
export function BlockComponentsProvider({ value, children }: { value: BlockComponents; children: ReactNode }) {
  return <BlockComponentsReact.Provider value={value}>{children}</BlockComponentsReact.Provider>;
}

/** The block components; throws when used outside the provider, which is a programming error. */
export function useBlockComponents(): BlockComponents {
  const value = useContext(BlockComponentsReact);
  if (!value) throw new Error('useBlockComponents must be used inside BlockComponentsProvider');
  return value;
}
