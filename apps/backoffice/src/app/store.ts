import { baseApi } from '@paygate/api';
import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector, useStore } from 'react-redux';
import { newInvoicesSlice } from '../features/live/new-invoices-slice.ts';
import { registerSessionMemory } from '../features/session/session-effects.ts';
import { sessionEnded, sessionSlice } from '../features/session/session-slice.ts';
import { workspaceSlice } from '../features/workspace/workspace-slice.ts';

const rootReducer = combineReducers({
  [baseApi.reducerPath]: baseApi.reducer,
  [sessionSlice.name]: sessionSlice.reducer,
  [newInvoicesSlice.name]: newInvoicesSlice.reducer,
  [workspaceSlice.name]: workspaceSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/**
 * One store per app start (and per test). Whenever the session ends — a 401 from any call or a
 * sign-out — every cached answer is dropped, so the next person never sees the last one's data.
 * What the browser must remember about the session (pending sign-out, marker cookie) follows
 * the session actions (session-effects.ts).
 */
export const createAppStore = (preloadedState?: Partial<RootState>) => {
  const listener = createListenerMiddleware();
  listener.startListening({
    matcher: sessionEnded,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });
  registerSessionMemory(listener);
  return configureStore({
    reducer: rootReducer,
    ...(preloadedState ? { preloadedState } : {}),
    middleware: (getDefault) =>
      getDefault().prepend(listener.middleware).concat(baseApi.middleware),
  });
};

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
export const useAppStore: () => AppStore = useStore.withTypes<AppStore>();
