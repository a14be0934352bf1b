import { notAllowed } from '../../service-errors.ts';
import type { AuthenticatedPerson } from './authenticated-person.ts';

/**
 * Recent authentication (decision 0019): security actions that hand out or move access (adding a
 * user, giving one a role or reactivating them, resetting their password or second factor,
 * creating and changing roles, a new merchant with its keys, issuing API keys, revealing or
 * rotating webhook secrets, pointing webhooks somewhere) need the acting person to have proved
 * who they are within the last RECENT_AUTHENTICATION_MINUTES in this session: at sign-in, or by
 * confirming with their password (and code) when asked. A stolen or unattended session alone
 * cannot hand out access. Taking access away (deactivating, removing a role, ending sessions,
 * revoking a key, disabling or deleting an endpoint) is never slowed down.
 */
export const RECENT_AUTHENTICATION_MINUTES = 15;

export const REAUTHENTICATION_MESSAGES = {
  required: 'Confirm it is you: enter your password to continue',
  codeMissing: 'Enter the code from your authenticator app',
} as const;

/** The refusal of a security action in a session that has not authenticated recently (403). */
export const reauthenticationRequired = () =>
  notAllowed(REAUTHENTICATION_MESSAGES.required, 'reauthentication_required');

/**
 * For an action whose route also takes access away (a user's or an endpoint's PATCH): the
 * service calls it once it knows the change hands out or moves access.
 */
export const requireRecentAuthentication = (person: AuthenticatedPerson): void => {
  if (!person.recentlyAuthenticated) throw reauthenticationRequired();
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every call of the route is a security action: the session must have authenticated
     * recently (access-control.ts). Routes that only sometimes are call
     * requireRecentAuthentication instead.
     */
    recentAuthentication?: boolean;
  }
}
