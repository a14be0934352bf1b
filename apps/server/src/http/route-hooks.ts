import type { RouteOptions } from 'fastify';

export type RouteHookName = 'onRequest' | 'preValidation' | 'onResponse';

/**
 * Adds a hook to one route as it is registered (from an `onRoute` hook), after the route's own.
 *
 * Work that only some routes need is attached to those routes rather than run as an app-wide
 * hook that checks every request and lets most pass: each app-wide hook is paid by every request,
 * the payment form's status poll included (issue 10), and a hook that reads the route's options
 * (`request.routeOptions`) builds an object each time it does.
 */
export const appendRouteHook = (route: RouteOptions, name: RouteHookName, hook: unknown): void => {
  const existing = route[name] as unknown;
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<RouteHookName, unknown[]>)[name] = [...hooks, hook];
};
