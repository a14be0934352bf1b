/**
 * What the auth module offers other modules (decision 0018, "Boundaries"): the signed-in person
 * of a back-office request (`AuthenticatedPerson`, `requirePerson`) and the merchant scope, which
 * merchants a call may see (`MerchantScope`, `merchantScopeOf`, `scopeAllows`,
 * `singleMerchantOf`) with the optional `merchantId` query of merchant.rw.all holders
 * (`merchantIdQueryProperty`); for staff administration (modules/users), hashing and checking a
 * new password, storing it, whether a username is taken (and whose merchant holds it), adding the
 * first administrator, ending a person's sessions and removing their second factor (an
 * administrator's reset). Sign-in, the session tokens and the access hooks stay inside; app.ts
 * registers them.
 */
export type { AuthenticatedPerson } from './authenticated-person.ts';
export { requirePerson } from './authenticated-person.ts';
export type { MerchantScope } from './merchant-scope.ts';
export {
  merchantIdQueryProperty,
  merchantScopeOf,
  scopeAllows,
  singleMerchantOf,
} from './merchant-scope.ts';
// Staff administration (modules/users, decision 0019): usernames, passwords and sessions of others.
export { hashPassword } from './password-hashing.ts';
export { newPasswordProblem } from './password-policy.ts';
export {
  insertAdministrator,
  storePasswordHash,
  usernameHolder,
  usernameTaken,
} from './person-repository.ts';
export { requireRecentAuthentication } from './recent-authentication.ts';
export { endSessions } from './session-repository.ts';
export { removeSecondFactor } from './two-factor-service.ts';
