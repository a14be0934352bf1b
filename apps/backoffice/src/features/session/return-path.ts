/**
 * Where a person goes once signed in: back to the screen that sent them to login (kept in the
 * navigation state), else the invoice list (SPEC §2).
 */
export const returnPathOf = (state: unknown): string => {
  const from = (state as { from?: { pathname?: string; search?: string } } | null)?.from;
  return from?.pathname && from.pathname !== '/login'
    ? `${from.pathname}${from.search ?? ''}`
    : '/invoices';
};
