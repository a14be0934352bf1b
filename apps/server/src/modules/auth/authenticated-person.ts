import type { Permission } from '@paygate/domain';

/** Who is calling: loaded from the session on every back-office request. */
export interface AuthenticatedPerson {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  /** Null for platform staff; merchant users are confined to this merchant. */
  merchantId: number | null;
  /** Names of the person's roles, alphabetical. */
  roles: string[];
  /** The union of the roles' permissions and the person's extra ones, each once. */
  permissions: string[];
  testDashboard: boolean;
  sessionId: string;
  /**
   * The session proved who its person is within RECENT_AUTHENTICATION_MINUTES (its sign-in or a
   * confirmation): security actions on others ask for it (recent-authentication.ts).
   */
  recentlyAuthenticated: boolean;
}

/**
 * Who may call a route. Every /api/v1, /api/router/v1 and /api/data/v1 route declares one; the
 * server refuses to start when a route forgets (see access-control.ts).
 */
export type RouteAccess =
  | { public: true }
  /** Signed in, with every listed permission (none: any signed-in person). */
  | { permissions: readonly Permission[] }
  /** Signed in, with at least one of the listed permissions. */
  | { anyOf: readonly Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * False for requests the browser makes on its own (the live event stream reconnecting): they
     * check the session but do not count as use, so an unattended tab still goes idle.
     */
    sessionActivity?: boolean;
  }
  interface FastifyRequest {
    person: AuthenticatedPerson | null;
  }
}

/** The signed-in person of a route that is not public; throws if used on a public route. */
export const requirePerson = (person: AuthenticatedPerson | null): AuthenticatedPerson => {
  if (!person) throw new Error('requirePerson used on a route without authentication');
  return person;
};
