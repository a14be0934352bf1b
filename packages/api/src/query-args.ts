/**
 * An argument the hook may be called without (`useGetMyMerchantQuery()`): RTK Query makes a
 * trigger's or hook's argument optional when its type includes void.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: void is what makes RTK Query's argument optional
export type OptionalArg<T> = T | void;

/** The object of an optional argument; `{}` when none was given. */
export const argsOf = <T extends object>(arg: OptionalArg<T>): Partial<T> =>
  (arg as T | undefined) ?? {};

/** `data` of an answer: every API response wraps its payload in it (SPEC §7). */
export const dataOf = <T>(response: { data: T }): T => response.data;

/** The chosen merchant, for users with merchant.rw.all; others leave it out. */
export interface MerchantChoice {
  merchantId?: number;
}

/**
 * A terminal choice as the terminal selector holds it: '' (ALL TERMINALS) or undefined means
 * every terminal and is not sent.
 */
export type TerminalChoice = number | string | undefined;
