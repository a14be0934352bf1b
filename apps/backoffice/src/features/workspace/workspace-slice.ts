import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Where the chosen merchant of a merchant.rw.all user is remembered across reloads (SPEC §2). */
export const SELECTED_MERCHANT_STORAGE_KEY = 'paygate.backoffice.merchantId';

const storedMerchantId = (): number | null => {
  try {
    const raw = globalThis.localStorage?.getItem(SELECTED_MERCHANT_STORAGE_KEY);
    const id = raw ? Number(raw) : Number.NaN;
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    // Storage can be unavailable (privacy modes); the choice then lasts for the visit.
    return null;
  }
};

export interface WorkspaceState {
  /** The merchant a merchant.rw.all user works on; null until chosen (falls back to the first). */
  selectedMerchantId: number | null;
}

export const workspaceSlice = createSlice({
  name: 'workspace',
  initialState: (): WorkspaceState => ({ selectedMerchantId: storedMerchantId() }),
  reducers: {
    merchantChosen: (state, action: PayloadAction<number>) => {
      state.selectedMerchantId = action.payload;
      try {
        globalThis.localStorage?.setItem(SELECTED_MERCHANT_STORAGE_KEY, String(action.payload));
      } catch {
        // See storedMerchantId.
      }
    },
  },
});

export const { merchantChosen } = workspaceSlice.actions;
