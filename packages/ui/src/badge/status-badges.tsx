import { type BadgeKind, invoiceStatusBadgeKind, ticketStatusBadgeKind } from '@paygate/domain';
import type { ReactNode } from 'react';
import { Badge } from './badge.tsx';

export interface StatusBadgeProps {
  /** Status code, e.g. DONE or IN_WORK; it picks the colour. */
  code: string;
  /** Text to show (e.g. the status `value` of the reference list); the code when not given. */
  label?: ReactNode;
}

/** SPEC §4 invoice status badge: DECLINED/CANCELED error, DONE/PAYED success, NEW neutral, IN_PROGRESS primary, else warning. */
export const InvoiceStatusBadge = ({ code, label }: StatusBadgeProps) => (
  <Badge kind={invoiceStatusBadgeKind(code)}>{label ?? code}</Badge>
);

/** SPEC §4 support ticket badge: IN_WORK blue, REJECTED red, PENDING amber, SOLVED green, NEW (and unknown) grey. */
export const TicketStatusBadge = ({ code, label }: StatusBadgeProps) => (
  <Badge kind={ticketStatusBadgeKind(code)}>{label ?? code}</Badge>
);

export interface TestBadgeProps {
  /** 'Test' unless translated. */
  label?: ReactNode;
  kind?: BadgeKind;
}

/** SPEC §2 'Test' badge of test-processing invoices. */
export const TestBadge = ({ label = 'Test', kind = 'warning' }: TestBadgeProps) => (
  <Badge kind={kind}>{label}</Badge>
);
