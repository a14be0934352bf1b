import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { NUL_CHARACTER_MESSAGE, registerNulCharacterGuard } from './nul-character-guard.ts';

const guardedApp = () => {
  const handler = vi.fn(async () => ({ ok: true }));
  const app = Fastify();
  registerErrorHandler(app);
  registerNulCharacterGuard(app);
  app.post('/items/:name', handler);
  return { app, handler };
};

describe('NUL character guard', () => {
  it.each([
    ['a body string', { url: '/items/a', payload: { name: 'shop\u0000' } }],
    ['a nested body string', { url: '/items/a', payload: { list: [{ note: ['x\u0000y'] }] } }],
    ['a body property name', { url: '/items/a', payload: { 'na\u0000me': 'shop' } }],
    ['the query string', { url: '/items/a?search=%00', payload: {} }],
    ['a path parameter', { url: '/items/a%00b', payload: {} }],
  ])('answers 400 before the handler runs for NUL in %s', async (_where, request) => {
    const { app, handler } = guardedApp();
    const response = await app.inject({ method: 'POST', ...request });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: NUL_CHARACTER_MESSAGE });
    expect(handler).not.toHaveBeenCalled();
  });

  it('lets other text through, unicode included', async () => {
    const { app, handler } = guardedApp();
    const response = await app.inject({
      method: 'POST',
      url: '/items/%D0%BC%D0%B0%D0%B3%D0%B0%D0%B7%D0%B8%D0%BD?search=%F0%9F%92%B3',
      payload: { name: "O'Brien \u202e shop 💳", empty: '', nested: [1, null, { a: 'b' }] },
    });
    expect(response.statusCode).toBe(200);
    expect(handler).toHaveBeenCalledOnce();
  });
});

describe('NUL character guard on hostile nesting', () => {
  it('finds NUL ten thousand levels deep without exhausting the stack', async () => {
    const { app, handler } = guardedApp();
    const payload = `${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`;
    const response = await app.inject({
      method: 'POST',
      url: '/items/a',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: NUL_CHARACTER_MESSAGE });
    expect(handler).not.toHaveBeenCalled();
  });
  it('walks a body-limit-sized flat array without a stack overflow (no 500)', async () => {
    const { app, handler } = guardedApp();
    const items = Array.from({ length: 400_000 }, () => 0);
    const clean = await app.inject({ method: 'POST', url: '/items/a', payload: items });
    expect(clean.statusCode).toBe(200);
    const dirty = await app.inject({
      method: 'POST',
      url: '/items/a',
      payload: [...items, 'x\u0000'],
    });
    expect(dirty.statusCode).toBe(400);
    expect(handler).toHaveBeenCalledOnce();
  });
});
