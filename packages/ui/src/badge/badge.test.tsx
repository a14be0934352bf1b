import { invoiceStatusBadgeKind } from '@paygate/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge.tsx';

describe('Badge', () => {
  it.each([
    ['DONE', 'green'],
    ['PAYED', 'green'],
    ['DECLINED', 'red'],
    ['CANCELED', 'red'],
    ['NEW', 'grey'],
    ['IN_PROGRESS', 'blue'],
    ['EXPIRED', 'amber'],
  ])('shows invoice status %s in %s', (status, colour) => {
    render(<Badge kind={invoiceStatusBadgeKind(status)}>{status}</Badge>);
    expect(screen.getByText(status)).toHaveAttribute('data-colour', colour);
  });

  it.each([
    ['IN_WORK', 'blue'],
    ['REJECTED', 'red'],
    ['PENDING', 'amber'],
    ['SOLVED', 'green'],
    ['NEW', 'grey'],
  ])('shows ticket status %s in %s', (status, colour) => {
    render(<Badge kind={status}>{status}</Badge>);
    expect(screen.getByText(status)).toHaveAttribute('data-colour', colour);
  });

  it('gives each colour its own text and background', () => {
    render(
      <>
        <Badge kind="success">ok</Badge>
        <Badge kind="error">bad</Badge>
      </>,
    );
    expect(screen.getByText('ok').style.color).not.toBe(screen.getByText('bad').style.color);
  });
});
