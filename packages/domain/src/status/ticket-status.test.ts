import { describe, expect, it } from 'vitest';
import { BADGE_KINDS, badgeKindColour, isBadgeKind } from './badge.ts';
import { invoiceStatusBadgeKind } from './invoice-status.ts';
import {
  badgeColour,
  isTicketOpenForDecision,
  isTicketStatusCode,
  TICKET_DECISION_MESSAGES,
  TICKET_STATUS_CODES,
  ticketStatusBadgeKind,
} from './ticket-status.ts';

describe('badge kinds', () => {
  it.each([
    ['primary', 'blue'],
    ['error', 'red'],
    ['warning', 'amber'],
    ['success', 'green'],
    ['neutral', 'grey'],
  ] as const)('%s is %s', (kind, colour) => {
    expect(badgeKindColour(kind)).toBe(colour);
    expect(isBadgeKind(kind)).toBe(true);
  });

  it('has exactly the five kinds of SPEC §4', () => {
    expect(BADGE_KINDS).toEqual(['primary', 'error', 'warning', 'success', 'neutral']);
    expect(isBadgeKind('info')).toBe(false);
  });
});

describe('ticket states', () => {
  it('are the five states of SPEC §4', () => {
    expect(TICKET_STATUS_CODES).toEqual(['NEW', 'IN_WORK', 'PENDING', 'SOLVED', 'REJECTED']);
    expect(isTicketStatusCode('IN_WORK')).toBe(true);
    expect(isTicketStatusCode('in_work')).toBe(false);
  });

  it.each([
    ['IN_WORK', 'primary'],
    ['REJECTED', 'error'],
    ['PENDING', 'warning'],
    ['SOLVED', 'success'],
    ['NEW', 'neutral'],
    ['CLOSED', 'neutral'],
  ])('%s has the %s kind', (status, kind) => {
    expect(ticketStatusBadgeKind(status)).toBe(kind);
  });
});

describe('badgeColour', () => {
  it.each([
    ['primary', 'blue'],
    ['IN_WORK', 'blue'],
    ['error', 'red'],
    ['REJECTED', 'red'],
    ['warning', 'amber'],
    ['PENDING', 'amber'],
    ['success', 'green'],
    ['SOLVED', 'green'],
    ['neutral', 'grey'],
    ['NEW', 'grey'],
    ['SOMETHING_ELSE', 'grey'],
    ['', 'grey'],
    ['Primary', 'grey'],
    ['toString', 'grey'],
  ])('%s → %s', (value, colour) => {
    expect(badgeColour(value)).toBe(colour);
  });

  it('colours invoice statuses through their kind', () => {
    expect(badgeColour(invoiceStatusBadgeKind('DONE'))).toBe('green');
    expect(badgeColour(invoiceStatusBadgeKind('CANCELED'))).toBe('red');
    expect(badgeColour(invoiceStatusBadgeKind('IN_PROGRESS'))).toBe('blue');
    expect(badgeColour(invoiceStatusBadgeKind('NEW'))).toBe('grey');
    expect(badgeColour(invoiceStatusBadgeKind('WHATEVER'))).toBe('amber');
  });
});

describe('isTicketOpenForDecision', () => {
  it.each([
    ['NEW', true],
    ['IN_WORK', true],
    ['PENDING', true],
    ['SOLVED', false],
    ['REJECTED', false],
  ])('%s → %s', (status, expected) => {
    expect(isTicketOpenForDecision(status)).toBe(expected);
  });

  it('uses the spec toast texts word for word', () => {
    expect(TICKET_DECISION_MESSAGES).toEqual({
      approved: 'Successfully approved',
      rejected: 'Successfully rejected',
      failed: 'Failed to change status',
    });
  });
});
