/** Texts of the Terminals screen. SPEC §8 toasts word for word; the rest are this screen's own. */
export const TERMINAL_TEXTS = {
  created: 'Terminal created',
  changed: 'Successfully changed',
  removed: 'Successfully removed',
  noTerminals: 'No terminals yet',
  flowTypeRequired: 'Flow type is required',
  currencyRequired: 'Currency is required',
  attributeTypeRequired: 'Attribute type is required',
  emptyValueHint: 'Empty values are not saved',
} as const;

/** The confirmation of SPEC §4 "switched from test to production after confirmation". */
export const productionConfirmationText = (terminalName: string) =>
  `Are you sure you want to switch the terminal "${terminalName}" from test to production?`;
