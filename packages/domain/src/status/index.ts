export * from './badge.ts';
export * from './invoice-status.ts';
export * from './invoice-status-machine.ts';
export * from './ticket-status.ts';
