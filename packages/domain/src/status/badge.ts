/** Badge kinds of SPEC §4, shared by invoice status and support ticket badges. */
export const BADGE_KINDS = ['primary', 'error', 'warning', 'success', 'neutral'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

/** Colour names of SPEC §4 badges. */
export const BADGE_COLOURS = ['blue', 'red', 'amber', 'green', 'grey'] as const;
export type BadgeColour = (typeof BADGE_COLOURS)[number];

const KIND_COLOURS: Record<BadgeKind, BadgeColour> = {
  primary: 'blue',
  error: 'red',
  warning: 'amber',
  success: 'green',
  neutral: 'grey',
};

/** True for one of the five badge kinds of SPEC §4. */
export const isBadgeKind = (value: string): value is BadgeKind =>
  (BADGE_KINDS as readonly string[]).includes(value);

/** SPEC §4: the colour of a badge kind (primary blue, error red, warning amber, success green, neutral grey). */
export const badgeKindColour = (kind: BadgeKind): BadgeColour => KIND_COLOURS[kind];
