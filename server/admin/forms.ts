// Moved to server/forms/ (issue 39, item 7); kept until the files other engineers hold open import from there.
export { databaseId } from '../db/database-id';
export { addProblem, emptyProblems, parseForm, type FormProblems, type FormResult } from '../forms/problems';
export { formValues } from '../forms/posted';
export { pageSelectOptions } from './generic/select-options';
