import type { BadgeKind } from '@paygate/domain';

export interface SampleNotification {
  id: number;
  /** Short category shown as a badge. */
  kind: string;
  badge: BadgeKind;
  title: string;
  text: string;
  /** ISO date-time in UTC. */
  createdAt: string;
}

/**
 * SPEC §2: the Notifications screen shows fixed sample entries; no call delivers notifications
 * (SPEC §7 has none). Newest first.
 */
export const SAMPLE_NOTIFICATIONS: readonly SampleNotification[] = [
  {
    id: 5,
    kind: 'Settlement',
    badge: 'success',
    title: 'Settlement completed',
    text: 'Settlement of 1 250.00 USDT for terminal "UZS deposits" has been sent.',
    createdAt: '2026-03-05T14:07:09Z',
  },
  {
    id: 4,
    kind: 'Monitoring',
    badge: 'warning',
    title: 'Success rate dropped',
    text: 'Terminal "RUB SBP withdrawals" completed 42% of its payments in the last hour.',
    createdAt: '2026-03-05T11:32:40Z',
  },
  {
    id: 3,
    kind: 'Support',
    badge: 'primary',
    title: 'Support ticket in work',
    text: 'Your ticket about a missing deposit is being handled by the support team.',
    createdAt: '2026-03-04T16:15:02Z',
  },
  {
    id: 2,
    kind: 'Terminal',
    badge: 'neutral',
    title: 'Terminal switched to production',
    text: 'Terminal "KGS deposits" now processes real payments.',
    createdAt: '2026-03-03T09:00:00Z',
  },
  {
    id: 1,
    kind: 'Security',
    badge: 'error',
    title: 'Password will expire soon',
    text: 'Change your password in Settings within the next 7 days.',
    createdAt: '2026-03-01T08:45:30Z',
  },
];
