export * from './navigation.ts';
export * from './permission-predicates.ts';
export * from './permission-table.ts';
export * from './report-cards.ts';
export * from './role-permissions.ts';
export * from './terminal-permissions.ts';
