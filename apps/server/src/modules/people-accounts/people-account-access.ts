import { errorResponseSchema } from '../../http/error-handler.ts';

/** SPEC §6 people.account: see accounts. */
export const VIEW_ACCOUNTS = { access: { permissions: ['people.account'] } } as const;

/**
 * SPEC §6 people.account.edit: change them. A change answers with the account, which only
 * people.account may see, so both are required (decision 0005).
 */
export const EDIT_ACCOUNTS = {
  access: { permissions: ['people.account', 'people.account.edit'] },
} as const;

/** Error answers every account route can give. */
export const accountErrorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
} as const;
