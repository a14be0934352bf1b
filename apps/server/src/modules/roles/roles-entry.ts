/**
 * What the roles module offers other modules (decision 0018, "Boundaries"): the roles of given
 * names with their permissions and two-factor requirement (`selectRolesByName`), and the rule of
 * which roles a person may give (`roleGrantRefusal`), for the users module to check what a user
 * would be given.
 */
export { roleGrantRefusal } from './role-grants.ts';
export { selectRolesByName } from './role-repository.ts';
