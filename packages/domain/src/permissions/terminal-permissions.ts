import { hasAnyPermission, hasPermission, type PermissionHolder } from './permission-table.ts';

/**
 * Who may do what to a terminal (SPEC §6, decision 0004 "Who may do what"): one home for the
 * server, which enforces these rules, and the back office, which offers only what they allow.
 */

/**
 * Who manages terminals: merchants' staff (terminal.create) and platform operators
 * (terminal.prod.change). Renaming, saving and the enabled toggle need one of them.
 */
export const TERMINAL_MANAGER_PERMISSIONS = ['terminal.create', 'terminal.prod.change'] as const;

/** SPEC §6 terminal.create: create a terminal (the New Terminal button). */
export const canCreateTerminal = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'terminal.create');

/**
 * SPEC §6 terminal.prod.change: switch a terminal between test and production, in **either**
 * direction. Back to test is as sensitive as going live: a test terminal's invoices are
 * test-processing, whose status anyone may set by hand (SPEC §4).
 */
export const canSwitchTerminalMode = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'terminal.prod.change');

/** SPEC §6 terminal.attr.read: see a terminal's attributes (the attributes table). */
export const canReadTerminalAttributes = (holder: PermissionHolder): boolean =>
  hasPermission(holder, 'terminal.attr.read');

/** Rename a terminal, save it and switch it on or off: terminal.create or terminal.prod.change. */
export const canManageTerminals = (holder: PermissionHolder): boolean =>
  hasAnyPermission(holder, TERMINAL_MANAGER_PERMISSIONS);

/**
 * Add, change or remove a terminal's attributes. Attributes configure processing (fees,
 * automatic confirmation, callback timeouts), so changing them needs the permission that
 * controls processing, terminal.prod.change, besides seeing them (terminal.attr.read).
 */
export const canChangeTerminalAttributes = (holder: PermissionHolder): boolean =>
  canReadTerminalAttributes(holder) && hasPermission(holder, 'terminal.prod.change');

export interface TerminalAccess {
  /** New Terminal (terminal.create). */
  create: boolean;
  /** Test → production, and back (terminal.prod.change). */
  switchToProduction: boolean;
  /** The attributes table (terminal.attr.read). */
  readAttributes: boolean;
  /** Rename, Save and the enabled toggle (terminal.create or terminal.prod.change). */
  manage: boolean;
  /** Add, change and remove attributes (terminal.attr.read and terminal.prod.change). */
  editAttributes: boolean;
}

/** SPEC §6: what the Terminals screen offers the holder, by the rules the server enforces. */
export const terminalAccess = (holder: PermissionHolder): TerminalAccess => ({
  create: canCreateTerminal(holder),
  switchToProduction: canSwitchTerminalMode(holder),
  readAttributes: canReadTerminalAttributes(holder),
  manage: canManageTerminals(holder),
  editAttributes: canChangeTerminalAttributes(holder),
});
