export * from './phone-display.ts';
export * from './withdrawal-phone.ts';
export * from './withdrawal-phone-rules.ts';
