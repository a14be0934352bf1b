export * from './password-policy.ts';
export * from './staff-limits.ts';
export * from './staff-rules.ts';
