import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../session/session-slice.ts';

/** Where the chosen merchant of a merchant.rw.all user is remembered across reloads (SPEC §2). */
export const SELECTED_MERCHANT_STORAGE_KEY = 'paygate.backoffice.merchantId';

/**
 * Where the header's terminal choice is kept for the tab (decision 0010): a reload keeps it, a
 * new tab starts with ALL TERMINALS.
 */
export const SELECTED_TERMINAL_STORAGE_KEY = 'paygate.backoffice.terminalId';

const storage = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return globalThis[kind] ?? undefined;
  } catch {
    // Storage can be unavailable (privacy modes); the choice then lasts for the visit.
    return undefined;
  }
};

const readStorage = (kind: 'localStorage' | 'sessionStorage', key: string): string | null => {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

const writeStorage = (kind: 'localStorage' | 'sessionStorage', key: string, value: string) => {
  try {
    if (value === '') storage(kind)?.removeItem(key);
    else storage(kind)?.setItem(key, value);
  } catch {
    // See storage.
  }
};

const positiveId = (raw: string | null): number | null => {
  const id = raw ? Number(raw) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};

const storedMerchantId = (): number | null =>
  positiveId(readStorage('localStorage', SELECTED_MERCHANT_STORAGE_KEY));

const storedTerminalId = (): string =>
  String(positiveId(readStorage('sessionStorage', SELECTED_TERMINAL_STORAGE_KEY)) ?? '');

export interface WorkspaceState {
  /** The merchant a merchant.rw.all user works on; null until chosen (falls back to the first). */
  selectedMerchantId: number | null;
  /**
   * The header's terminal (SPEC §2): one setting read by the dashboard tiles, the invoice list
   * and the reports; '' for ALL TERMINALS.
   */
  selectedTerminalId: string;
}

const chooseTerminal = (state: WorkspaceState, terminalId: string) => {
  state.selectedTerminalId = terminalId;
  writeStorage('sessionStorage', SELECTED_TERMINAL_STORAGE_KEY, terminalId);
};

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: (): WorkspaceState => ({
    selectedMerchantId: storedMerchantId(),
    selectedTerminalId: storedTerminalId(),
  }),
  reducers: {
    merchantChosen: (state, action: PayloadAction<number>) => {
      if (state.selectedMerchantId !== action.payload) chooseTerminal(state, '');
      state.selectedMerchantId = action.payload;
      writeStorage('localStorage', SELECTED_MERCHANT_STORAGE_KEY, String(action.payload));
    },
    /** A terminal id, or '' for ALL TERMINALS. */
    terminalChosen: (state, action: PayloadAction<string>) => {
      chooseTerminal(state, String(positiveId(action.payload) ?? ''));
    },
  },
  extraReducers: (builder) => {
    // The next person starts with ALL TERMINALS: terminals belong to a merchant.
    builder.addMatcher(sessionEnded, (state) => chooseTerminal(state, ''));
  },
});

export const { merchantChosen, terminalChosen } = workspaceSlice.actions;
