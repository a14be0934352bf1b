import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-errors.ts';

export const NUL_CHARACTER_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

/**
 * Whether any string or property name inside a parsed JSON value holds U+0000. Iterative, so a
 * hostile deeply nested body cannot exhaust the stack; the body limit bounds the work. Plain
 * loops, no Object.entries: every request passes here with its params and query, and the
 * status poll is the busiest call of all (issue 10).
 */
export const containsNul = (root: unknown): boolean => {
  if (root === undefined || root === null) return false;
  if (typeof root === 'string') return root.includes('\u0000');
  if (typeof root !== 'object') return false;
  const pending: object[] = [root];
  while (pending.length > 0) {
    const value = pending.pop() as Record<string, unknown> | unknown[];
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') {
          if (item.includes('\u0000')) return true;
        } else if (typeof item === 'object' && item !== null) pending.push(item);
      }
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (key.includes('\u0000')) return true;
      const item = value[key];
      if (typeof item === 'string') {
        if (item.includes('\u0000')) return true;
      } else if (typeof item === 'object' && item !== null) pending.push(item);
    }
  }
  return false;
};

/** The refusal of a request carrying U+0000 (see registerNulCharacterGuard). */
export const nulCharacterRefusal = () => badRequest(NUL_CHARACTER_MESSAGE, 'nul_character');

/**
 * PostgreSQL cannot store U+0000 in text and fails the statement, which would surface as a 500
 * half-way through a handler. Every request is checked before validation instead: a clear 400,
 * and nothing written. The signed APIs parse their bodies only after the signature is checked,
 * after this hook: signed-request-auth.ts checks those bodies itself.
 */
export const registerNulCharacterGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      done(nulCharacterRefusal());
      return;
    }
    done();
  });
};
