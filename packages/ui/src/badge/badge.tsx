import { type BadgeColour, type BadgeKind, badgeColour } from '@paygate/domain';
import type { ReactNode } from 'react';

/** Text and background per colour, with contrast of at least 4.5:1 for the label. */
const COLOUR_STYLES: Record<BadgeColour, { color: string; background: string }> = {
  blue: { color: '#0b4a8b', background: '#e3effc' },
  red: { color: '#9b1c1c', background: '#fde8e8' },
  amber: { color: '#7a4a00', background: '#fff4d6' },
  green: { color: '#1e6b34', background: '#e3f6e8' },
  grey: { color: '#3f4652', background: '#eceef1' },
};

export interface BadgeProps {
  /** A badge kind (primary, error, warning, success, neutral) or a ticket status code. */
  kind: BadgeKind | string;
  children: ReactNode;
}

/** Status badge with the colours of SPEC §4; the colour comes from packages/domain. */
export const Badge = ({ kind, children }: BadgeProps) => {
  const colour = badgeColour(kind);
  return (
    <span
      className="pg-badge"
      data-colour={colour}
      style={{
        ...COLOUR_STYLES[colour],
        display: 'inline-block',
        padding: '2px 8px',
        borderRadius: 12,
        fontSize: 12,
        fontWeight: 600,
        lineHeight: '18px',
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </span>
  );
};
