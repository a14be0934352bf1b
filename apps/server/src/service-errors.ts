import type { ProblemCode } from './http/problem-codes.ts';

/**
 * What rules and repositories say when a request cannot be done. They know nothing of HTTP: the
 * error handler (http/error-handler.ts) answers each kind with its status as a problem whose
 * `detail` is the message and whose `code` is the one given, else the general code of the kind.
 */
export type ServiceErrorKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'gone';

export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly code?: ProblemCode,
  ) {
    super(message);
  }
}

/** The request is malformed or breaks a rule of its own values (400). */
export const invalid = (message: string, code?: ProblemCode) =>
  new ServiceError('invalid', message, code);
/** The caller may not do this to a thing they can see (403). */
export const notAllowed = (message = 'Forbidden', code?: ProblemCode) =>
  new ServiceError('forbidden', message, code);
/** No such thing, or one the caller may not see (404). */
export const notFoundError = (message: string, code?: ProblemCode) =>
  new ServiceError('not-found', message, code);
/** The thing's current state does not allow it (409). */
export const stateConflict = (message: string, code?: ProblemCode) =>
  new ServiceError('conflict', message, code);
/** The thing is gone for good (410): an expired or cancelled payment form. */
export const goneError = (message: string, code?: ProblemCode) =>
  new ServiceError('gone', message, code);
