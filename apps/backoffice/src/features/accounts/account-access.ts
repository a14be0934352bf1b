import { canToggleAccounts, hasPermission, type PermissionHolder } from '@paygate/domain';

/**
 * Whether the person may change accounts: toggle enabled (SPEC §6 people.account.edit), create,
 * set limits and add, change or remove credentials. The server's rule for every one of these
 * calls (EDIT_ACCOUNTS, decision 0005) is people.account AND people.account.edit, so the screens
 * offer them on the same terms instead of showing controls that can only answer 403.
 */
export const canChangeAccounts = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'people.account') && canToggleAccounts(holder);
