// Moved to server/forms/posted.ts (issue 39, item 7); kept until the files other engineers hold open import from there.
export { formBody } from '../forms/posted';
