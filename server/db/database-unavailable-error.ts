/**
 * Raised when the database cannot be opened or stops answering: at start-up its message is
 * meant for the operator, while serving the error handler turns it into a 503.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

/**
 * Raised when the database stopped answering during a statement that may have committed (a
 * COMMIT, an insert outside a transaction): the change may or may not be saved, and the answer
 * must say so rather than claim it failed.
 */
export class CommitOutcomeUnknownError extends DatabaseUnavailableError {
  override name = 'CommitOutcomeUnknownError';
}
