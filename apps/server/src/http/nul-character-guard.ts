import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-errors.ts';

export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/**
 * Whether any string or property name inside a parsed JSON value holds U+0000. Iterative, so a
 * hostile deeply nested body cannot exhaust the stack; the body limit bounds the work.
 */
const containsNul = (root: unknown): boolean => {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      // One at a time: spreading a long array into push's arguments overflows the stack.
      for (const item of value) pending.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
};

/**
 * PostgreSQL cannot store U+0000 in text and fails the statement, which would surface as a 500
 * half-way through a handler. Every request is checked before validation instead: a clear 400,
 * and nothing written.
 */
export const registerNulCharacterGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      done(badRequest(NUL_CHARACTER_MESSAGE, 'nul_character'));
      return;
    }
    done();
  });
};
