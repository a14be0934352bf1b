import type {
  AuditLogPage,
  AuditLogQuery,
  ChangeStaffUserRequest,
  CreatedStaffUser,
  CreateStaffUserRequest,
  EndedSessions,
  PasswordLink,
  StaffRole,
  StaffRoleRequest,
  StaffUser,
  StaffUserListQuery,
  StaffUserPage,
} from './api-types.ts';
import { baseApi, LIST_ID } from './base-api.ts';
import { argsOf, dataOf, type OptionalArg } from './query-args.ts';

export interface StaffUserArgs {
  userId: number;
}

export interface StaffRoleArgs {
  roleId: number;
}

const USER_LIST = { type: 'StaffUser', id: LIST_ID } as const;
const ROLE_LIST = { type: 'StaffRole', id: LIST_ID } as const;

const userChanged = (userId: number) => [{ type: 'StaffUser' as const, id: userId }, USER_LIST];

/**
 * Staff administration (issue 22, decision 0019): back-office users and roles. Every call is
 * authorised on the server (user.manage or user.manage.own; role.manage); a set-password link
 * comes back once, in the answer of creating a user or resetting a password or a second factor.
 */
export const staffApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/users: the users the caller may see, by username, a page at a time. */
    getStaffUsers: build.query<StaffUserPage, OptionalArg<StaffUserListQuery>>({
      query: (arg) => ({ url: 'api/v1/users', params: { ...argsOf(arg) } }),
      transformResponse: dataOf<StaffUserPage>,
      providesTags: (result) => [
        USER_LIST,
        ...(result?.items ?? []).map(({ id }) => ({ type: 'StaffUser' as const, id })),
      ],
    }),
    getStaffUser: build.query<StaffUser, StaffUserArgs>({
      query: ({ userId }) => `api/v1/users/${userId}`,
      transformResponse: dataOf<StaffUser>,
      providesTags: (_result, _error, { userId }) => [{ type: 'StaffUser', id: userId }],
    }),
    /** POST /api/v1/users: the answer holds the user and their one-time set-password link. */
    createStaffUser: build.mutation<CreatedStaffUser, CreateStaffUserRequest>({
      query: (body) => ({ url: 'api/v1/users', method: 'POST', body }),
      transformResponse: dataOf<CreatedStaffUser>,
      invalidatesTags: (result) => (result ? [USER_LIST, ROLE_LIST] : []),
    }),
    /** PATCH /api/v1/users/{id}: names, roles, enabled (deactivating ends their sessions). */
    changeStaffUser: build.mutation<StaffUser, StaffUserArgs & ChangeStaffUserRequest>({
      query: ({ userId, ...body }) => ({ url: `api/v1/users/${userId}`, method: 'PATCH', body }),
      transformResponse: dataOf<StaffUser>,
      invalidatesTags: (result, _error, { userId }) =>
        result ? [...userChanged(userId), ROLE_LIST] : [],
    }),
    /** POST /api/v1/users/{id}/password-reset: a new one-time link, shown once. */
    resetStaffUserPassword: build.mutation<PasswordLink, StaffUserArgs>({
      query: ({ userId }) => ({ url: `api/v1/users/${userId}/password-reset`, method: 'POST' }),
      transformResponse: dataOf<PasswordLink>,
      invalidatesTags: (result, _error, { userId }) => (result ? userChanged(userId) : []),
    }),
    /**
     * POST /api/v1/users/{id}/two-factor-reset: removes a lost second factor and resets the
     * password with it (decision 0019); sessions end; a new one-time link, shown once.
     */
    resetStaffUserTwoFactor: build.mutation<PasswordLink, StaffUserArgs>({
      query: ({ userId }) => ({ url: `api/v1/users/${userId}/two-factor-reset`, method: 'POST' }),
      transformResponse: dataOf<PasswordLink>,
      invalidatesTags: (result, _error, { userId }) => (result ? userChanged(userId) : []),
    }),
    /** DELETE /api/v1/users/{id}/sessions: signs the user out everywhere. */
    endStaffUserSessions: build.mutation<EndedSessions, StaffUserArgs>({
      query: ({ userId }) => ({ url: `api/v1/users/${userId}/sessions`, method: 'DELETE' }),
      transformResponse: dataOf<EndedSessions>,
      invalidatesTags: (result, _error, { userId }) => (result ? userChanged(userId) : []),
    }),
    /** GET /api/v1/roles: built-in first; `assignable` says whether the caller may give it. */
    getStaffRoles: build.query<StaffRole[], void>({
      query: () => 'api/v1/roles',
      transformResponse: dataOf<StaffRole[]>,
      providesTags: (result) => [
        ROLE_LIST,
        ...(result ?? []).map(({ id }) => ({ type: 'StaffRole' as const, id })),
      ],
    }),
    createStaffRole: build.mutation<StaffRole, StaffRoleRequest>({
      query: (body) => ({ url: 'api/v1/roles', method: 'POST', body }),
      transformResponse: dataOf<StaffRole>,
      invalidatesTags: (result) => (result ? [ROLE_LIST] : []),
    }),
    /** PUT /api/v1/roles/{id}: its holders have the new permissions at their next request. */
    changeStaffRole: build.mutation<StaffRole, StaffRoleArgs & StaffRoleRequest>({
      query: ({ roleId, ...body }) => ({ url: `api/v1/roles/${roleId}`, method: 'PUT', body }),
      transformResponse: dataOf<StaffRole>,
      // Holders' permissions change too: their rows in the users list show them.
      invalidatesTags: (result, _error, { roleId }) =>
        result ? [{ type: 'StaffRole', id: roleId }, ROLE_LIST, USER_LIST] : [],
    }),
    /** GET /api/v1/audit: people's actions outside invoices, the last first (audit.read). */
    getAuditLog: build.query<AuditLogPage, OptionalArg<AuditLogQuery>>({
      query: (arg) => ({ url: 'api/v1/audit', params: { ...argsOf(arg) } }),
      transformResponse: dataOf<AuditLogPage>,
    }),
    /** GET /api/v1/audit/event-codes: the kinds of event to filter by. */
    getAuditEventCodes: build.query<string[], void>({
      query: () => 'api/v1/audit/event-codes',
      transformResponse: dataOf<string[]>,
    }),
    deleteStaffRole: build.mutation<{ ok: boolean }, StaffRoleArgs>({
      query: ({ roleId }) => ({ url: `api/v1/roles/${roleId}`, method: 'DELETE' }),
      transformResponse: dataOf<{ ok: boolean }>,
      invalidatesTags: (result) => (result ? [ROLE_LIST] : []),
    }),
  }),
});

export const {
  useGetStaffUsersQuery,
  useGetStaffUserQuery,
  useCreateStaffUserMutation,
  useChangeStaffUserMutation,
  useResetStaffUserPasswordMutation,
  useEndStaffUserSessionsMutation,
  useResetStaffUserTwoFactorMutation,
  useGetStaffRolesQuery,
  useCreateStaffRoleMutation,
  useChangeStaffRoleMutation,
  useDeleteStaffRoleMutation,
  useGetAuditLogQuery,
  useGetAuditEventCodesQuery,
} = staffApi;
