export * from './phone-display.ts';
export * from './withdrawal-phone.ts';
