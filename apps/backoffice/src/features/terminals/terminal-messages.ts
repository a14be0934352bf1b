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
  discardTitle: 'Discard unsaved changes?',
  discardConfirm: 'Discard changes',
  discardCancel: 'Keep editing',
} as const;

/** The confirmation of SPEC §4 "switched from test to production after confirmation". */
export const productionConfirmationText = (terminalName: string) =>
  `Are you sure you want to switch the terminal "${terminalName}" from test to production?`;

/** Asked before another terminal replaces one whose form has unsaved changes. */
export const discardChangesText = (terminalName: string, nextName: string) =>
  `The changes to the terminal "${terminalName}" are not saved. Discard them and open "${nextName}"?`;

/** Under the search while the selected terminal's tab is kept although it does not match. */
export const selectedOutsideSearchText = (terminalName: string) =>
  `The selected terminal "${terminalName}" does not match the search; its tab stays until you choose another.`;
