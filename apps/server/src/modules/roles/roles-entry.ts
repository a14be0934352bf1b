/**
 * What the roles module offers other modules (decision 0018, "Boundaries"): the roles of given
 * names with their permissions and two-factor requirement (`selectRolesByName`), for the users
 * module to check what a user would be given.
 */
export { selectRolesByName } from './role-repository.ts';
