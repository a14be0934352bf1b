import type { CurrentPerson } from '@paygate/api';
import { createContext, useContext } from 'react';

const CurrentPersonContext = createContext<CurrentPerson | null>(null);

export const CurrentPersonProvider = CurrentPersonContext.Provider;

/** The signed-in person; only inside the screens RequireSession guards. */
export const useCurrentPerson = (): CurrentPerson => {
  const person = useContext(CurrentPersonContext);
  if (!person) throw new Error('useCurrentPerson used outside a signed-in screen');
  return person;
};
