/**
 * Raised when the database cannot be opened or stops answering: at start-up its message is
 * meant for the operator, while serving the error handler turns it into a 503.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}
