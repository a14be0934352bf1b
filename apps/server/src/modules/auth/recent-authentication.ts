/**
 * Recent authentication (decision 0019): an administrator's security actions on others (adding a
 * user, changing one's roles or access, resetting their password or second factor, editing roles,
 * issuing API keys, revealing or rotating webhook secrets, pointing webhooks somewhere new) need
 * the acting person to have proved who they are within the last RECENT_AUTHENTICATION_MINUTES in
 * this session: at sign-in, or by confirming with their password (and code) when asked. A stolen
 * or unattended session alone cannot hand out access.
 */
export const RECENT_AUTHENTICATION_MINUTES = 15;

export const REAUTHENTICATION_MESSAGES = {
  required: 'Confirm it is you: enter your password to continue',
  codeMissing: 'Enter the code from your authenticator app',
} as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a security action: the session must have authenticated recently. */
    recentAuthentication?: boolean;
  }
}
