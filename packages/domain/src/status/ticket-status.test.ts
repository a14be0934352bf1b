import { describe, expect, it } from 'vitest';
import { badgeColour, canDecideTicket, TICKET_DECISION_MESSAGES } from './ticket-status.ts';

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
  ])('%s → %s', (value, colour) => {
    expect(badgeColour(value)).toBe(colour);
  });
});

describe('canDecideTicket', () => {
  it.each([
    ['NEW', true],
    ['IN_WORK', true],
    ['PENDING', true],
    ['SOLVED', false],
    ['REJECTED', false],
  ])('%s → %s', (status, expected) => {
    expect(canDecideTicket(status)).toBe(expected);
  });

  it('uses the spec toast texts', () => {
    expect(TICKET_DECISION_MESSAGES).toEqual({
      approved: 'Successfully approved',
      rejected: 'Successfully rejected',
      failed: 'Failed to change status',
    });
  });
});
