import { PAGE_TYPES } from './index';
import type { PageTypeDefinition } from './types';

/** The page types that may be created under a page of this type, in label order. */
export function allowedChildTypes(parentType: string): PageTypeDefinition[] {
  return Object.values(PAGE_TYPES)
    .filter((type) => type.parentTypes.includes(parentType))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Whether a page of type `childType` may live under a page of type `parentType`. */
export function isAllowedUnder(childType: string, parentType: string): boolean {
  return PAGE_TYPES[childType]?.parentTypes.includes(parentType) ?? false;
}
