/**
 * What rules and repositories say when a request cannot be done. They know nothing of HTTP: the
 * error handler (http/error-handler.ts) answers each kind with its status and `{message}`.
 */
export type ServiceErrorKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'gone';

export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The request is malformed or breaks a rule of its own values (400). */
export const invalid = (message: string) => new ServiceError('invalid', message);
/** The caller may not do this to a thing they can see (403). */
export const notAllowed = (message = 'Forbidden') => new ServiceError('forbidden', message);
/** No such thing, or one the caller may not see (404). */
export const notFoundError = (message: string) => new ServiceError('not-found', message);
/** The thing's current state does not allow it (409). */
export const stateConflict = (message: string) => new ServiceError('conflict', message);
/** The thing is gone for good (410): an expired or cancelled payment form. */
export const goneError = (message: string) => new ServiceError('gone', message);
