/** Base for errors that carry the HTTP status the error handler should answer with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The thing asked for does not exist (404). */
export class NotFoundError extends HttpError {
  override name = 'NotFoundError';
  constructor(message = 'Not found', options?: ErrorOptions) {
    super(404, message, options);
  }
}

/**
 * How a refusal names the form field it belongs beside (`slug`), or `__all__` for the form as a
 * whole, as Django's NON_FIELD_ERRORS: a form shows it there without reading its words.
 */
export interface FieldErrorOptions extends ErrorOptions {
  field?: string;
}

/** The request or the data it carries breaks a rule (400); `field` says which form field, when one. */
export class ValidationError extends HttpError {
  override name = 'ValidationError';
  readonly field: string | undefined;
  constructor(message: string, options?: FieldErrorOptions) {
    super(400, message, options);
    this.field = options?.field;
  }
}

/** The change conflicts with the current state, such as a slug already in use (409); `field` as ValidationError's. */
export class ConflictError extends HttpError {
  override name = 'ConflictError';
  readonly field: string | undefined;
  constructor(message: string, options?: FieldErrorOptions) {
    super(409, message, options);
    this.field = options?.field;
  }
}

/** The request is well formed but cannot be carried out as sent, such as a reused Idempotency-Key (422). */
export class UnprocessableError extends HttpError {
  override name = 'UnprocessableError';
  constructor(message: string, options?: ErrorOptions) {
    super(422, message, options);
  }
}

/** The acting user may not do this (403). */
export class PermissionDenied extends HttpError {
  override name = 'PermissionDenied';
  constructor(message = 'Permission denied', options?: ErrorOptions) {
    super(403, message, options);
  }
}

/** The client sent too much too fast (429); `retryAfterSeconds` becomes the Retry-After header. */
export class TooManyRequestsError extends HttpError {
  override name = 'TooManyRequestsError';
  constructor(
    readonly retryAfterSeconds: number,
    message = 'You have sent this form too many times. Please wait a few minutes and try again.',
  ) {
    super(429, message);
  }
}

/** A file could not be stored because the media storage is full (507, Insufficient Storage). */
export class InsufficientStorageError extends HttpError {
  override name = 'InsufficientStorageError';
  constructor(message = 'The file could not be stored: the media storage is full.', options?: ErrorOptions) {
    super(507, message, options);
  }
}

/**
 * The site cannot serve this now, such as while the database does not answer (503);
 * `retryAfterSeconds` becomes the Retry-After header.
 */
export class ServiceUnavailableError extends HttpError {
  override name = 'ServiceUnavailableError';
  constructor(
    readonly retryAfterSeconds = 5,
    message = 'The site is briefly unavailable. Please try again in a moment.',
    options?: ErrorOptions,
  ) {
    super(503, message, options);
  }
}
