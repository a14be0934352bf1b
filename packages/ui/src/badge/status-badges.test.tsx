import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvoiceStatusBadge, TestBadge, TicketStatusBadge } from './status-badges.tsx';

describe('status badges', () => {
  it.each([
    ['DECLINED', 'red'],
    ['CANCELED', 'red'],
    ['DONE', 'green'],
    ['PAYED', 'green'],
    ['NEW', 'grey'],
    ['IN_PROGRESS', 'blue'],
    ['SOMETHING_ELSE', 'amber'],
  ])('invoice status %s is %s', (code, colour) => {
    render(<InvoiceStatusBadge code={code} />);
    expect(screen.getByText(code)).toHaveAttribute('data-colour', colour);
  });

  it.each([
    ['IN_WORK', 'blue'],
    ['REJECTED', 'red'],
    ['PENDING', 'amber'],
    ['SOLVED', 'green'],
    ['NEW', 'grey'],
  ])('ticket status %s is %s', (code, colour) => {
    render(<TicketStatusBadge code={code} />);
    expect(screen.getByText(code)).toHaveAttribute('data-colour', colour);
  });

  it('shows the status value when given', () => {
    render(<InvoiceStatusBadge code="IN_PROGRESS" label="In progress" />);
    expect(screen.getByText('In progress')).toHaveAttribute('data-colour', 'blue');
  });

  it('labels test processing "Test"', () => {
    render(<TestBadge />);
    expect(screen.getByText('Test')).toHaveAttribute('data-colour', 'amber');
  });
});
