import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, type Permission } from './permission-table.ts';
import {
  canChangeTerminalAttributes,
  canManageTerminals,
  TERMINAL_MANAGER_PERMISSIONS,
  terminalAccess,
} from './terminal-permissions.ts';

const allBut = (...excluded: Permission[]) => ALL_PERMISSIONS.filter((p) => !excluded.includes(p));

describe('terminal management (decision 0004 "Who may do what")', () => {
  it('is for terminal.create or terminal.prod.change holders', () => {
    expect(TERMINAL_MANAGER_PERMISSIONS).toEqual(['terminal.create', 'terminal.prod.change']);
    expect(canManageTerminals(['terminal.create'])).toBe(true);
    expect(canManageTerminals({ permissions: ['terminal.prod.change'] })).toBe(true);
    expect(canManageTerminals(allBut('terminal.create', 'terminal.prod.change'))).toBe(false);
    expect(canManageTerminals([])).toBe(false);
    expect(canManageTerminals(null)).toBe(false);
  });

  it('lets attributes change only with terminal.attr.read and terminal.prod.change', () => {
    expect(canChangeTerminalAttributes(['terminal.attr.read', 'terminal.prod.change'])).toBe(true);
    expect(canChangeTerminalAttributes(['terminal.attr.read', 'terminal.create'])).toBe(false);
    expect(canChangeTerminalAttributes(['terminal.prod.change'])).toBe(false);
    expect(canChangeTerminalAttributes(allBut('terminal.attr.read'))).toBe(false);
    expect(canChangeTerminalAttributes(allBut('terminal.prod.change'))).toBe(false);
    expect(canChangeTerminalAttributes(null)).toBe(false);
  });
});

describe('terminalAccess', () => {
  it('reports each terminal permission on its own', () => {
    expect(terminalAccess([])).toEqual({
      create: false,
      switchToProduction: false,
      readAttributes: false,
      manage: false,
      editAttributes: false,
    });
    expect(terminalAccess(['terminal.create'])).toEqual({
      create: true,
      switchToProduction: false,
      readAttributes: false,
      manage: true,
      editAttributes: false,
    });
    expect(terminalAccess(['terminal.prod.change'])).toEqual({
      create: false,
      switchToProduction: true,
      readAttributes: false,
      manage: true,
      editAttributes: false,
    });
    expect(terminalAccess(['terminal.attr.read'])).toEqual({
      create: false,
      switchToProduction: false,
      readAttributes: true,
      manage: false,
      editAttributes: false,
    });
  });

  it('follows SPEC §6 and the server rules of decision 0004', () => {
    expect(terminalAccess(['terminal.create', 'terminal.attr.read'])).toEqual({
      create: true,
      switchToProduction: false,
      readAttributes: true,
      manage: true,
      editAttributes: false,
    });
    expect(terminalAccess(['terminal.prod.change', 'terminal.attr.read'])).toMatchObject({
      manage: true,
      editAttributes: true,
    });
    expect(terminalAccess(['terminal.prod.change'])).toMatchObject({
      manage: true,
      editAttributes: false,
    });
  });
});
