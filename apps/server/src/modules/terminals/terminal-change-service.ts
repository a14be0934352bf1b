import {
  ATTRIBUTE_PARAM_TYPE_NAMES,
  type AttributeParamType,
  attributeChangeError,
  canChangeTerminalAttributes,
  canSwitchTerminalMode,
  dropEmptyAttributes,
  FLOW_TYPES,
  type FlowType,
  isAttributeParamType,
  normaliseAttributeValue,
  REFERENCE_HEADER_IDS,
  validateEntityName,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { invalid, notAllowed, notFoundError } from '../../service-errors.ts';
import { recordEvent } from '../audit/audit-entry.ts';
import {
  type AuthenticatedPerson,
  type MerchantScope,
  merchantScopeOf,
  scopeAllows,
} from '../auth/auth-entry.ts';
import { lockVisibleTerminal } from './terminal-read-service.ts';
import {
  attributeValuesOf,
  deleteAttribute,
  findCurrency,
  findReferenceItemCode,
  findReferenceItemValue,
  insertTerminal,
  merchantExists,
  selectAttributeTypes,
  type TerminalRecord,
  updateTerminal,
  upsertAttributes,
} from './terminal-repository.ts';

/**
 * The terminal calls that change (SPEC §7): create, switch on/off or between test and
 * production, save the name and attributes, remove an attribute. Who may do what is decided by
 * the predicates of packages/domain (decision 0004); each change writes its event-log rows in
 * the same transaction, under the terminal's row lock.
 */

/** Event codes of terminal changes, one per kind of change. */
export const TERMINAL_EVENT_CODES = {
  created: 'TERMINAL_CREATED',
  renamed: 'TERMINAL_RENAMED',
  enabled: 'TERMINAL_ENABLED',
  disabled: 'TERMINAL_DISABLED',
  switchedToProduction: 'TERMINAL_SWITCHED_TO_PRODUCTION',
  switchedToTest: 'TERMINAL_SWITCHED_TO_TEST',
  attributeSet: 'TERMINAL_ATTRIBUTE_SET',
  attributeRemoved: 'TERMINAL_ATTRIBUTE_REMOVED',
} as const;

const MERCHANT_NOT_FOUND = 'Merchant not found';
const ATTRIBUTES_NOT_ALLOWED =
  'Changing attributes needs terminal.attr.read and terminal.prod.change';

/** Who changes a terminal, and from where (for the event log). */
export interface TerminalChanger {
  person: AuthenticatedPerson;
  sourceIp: string;
}

const CONTROL_CHARACTERS = /[\p{Cc}\p{Cs}]/u;

/** SPEC §5 name rule, plus characters PostgreSQL cannot store or a label should not hold. */
const nameError = (name: string): string | null =>
  validateEntityName(name) ??
  (CONTROL_CHARACTERS.test(name) ? 'Name must not contain control characters' : null);

const audit = (
  tx: Database,
  terminal: TerminalRecord,
  { person, sourceIp }: TerminalChanger,
  eventCode: string,
  description: string,
) =>
  recordEvent(tx, {
    eventCode,
    description,
    personId: person.id,
    merchantId: terminal.merchantId,
    entityType: 'terminal',
    entityId: terminal.id,
    sourceIp,
  });

interface AttributeType {
  id: number;
  /** The reference item's code (ALERT_SUCCESS_RATE_MIN…), null for a type without one. */
  code: string | null;
  value: string;
  paramType: AttributeParamType;
}

/** The attribute types (reference list 105) of the given ids; 400 for an id of no such type. */
const loadAttributeTypes = async (
  db: Database,
  ids: number[],
): Promise<Map<number, AttributeType>> => {
  const types = new Map<number, AttributeType>();
  for (const row of await selectAttributeTypes(db, ids)) {
    if (isAttributeParamType(row.paramType)) {
      types.set(row.id, {
        id: row.id,
        code: row.code,
        value: row.value,
        paramType: row.paramType,
      });
    }
  }
  const unknown = ids.find((id) => !types.has(id));
  if (unknown !== undefined) throw invalid(`Unknown attribute type ${unknown}`);
  return types;
};

export interface NewTerminal {
  name: string;
  flowTypeId: number;
  currencyId: number;
}

/**
 * Creates a terminal for a merchant in the caller's scope (another merchant: 404, as for none).
 * It starts enabled and in test mode; answers its id.
 */
export const createTerminal = async (
  db: Database,
  changer: TerminalChanger,
  merchantId: number,
  { name, flowTypeId, currencyId }: NewTerminal,
): Promise<number> => {
  // A merchant user creating for another merchant sees the same 404 as for none at all.
  if (!scopeAllows(merchantScopeOf(changer.person), merchantId)) {
    throw notFoundError(MERCHANT_NOT_FOUND);
  }
  if (!(await merchantExists(db, merchantId))) throw notFoundError(MERCHANT_NOT_FOUND);

  const message = nameError(name);
  if (message) throw invalid(message);
  const flowCode = await findReferenceItemCode(db, REFERENCE_HEADER_IDS.flowType, flowTypeId);
  const flowType = FLOW_TYPES.find((code) => code === flowCode);
  if (!flowType) throw invalid('Unknown flow type');
  const currency = await findCurrency(db, currencyId);
  if (!currency) throw invalid('Unknown currency');

  const created = await db.transaction(async (tx) => {
    const terminal = await insertTerminal(tx, {
      merchantId,
      name: name.trim(),
      flowType: flowType satisfies FlowType,
      currencyId,
      // New terminals process test invoices until someone with terminal.prod.change
      // switches them to production (SPEC §4, §6).
      isTest: true,
      enabled: true,
    });
    await audit(
      tx,
      terminal,
      changer,
      TERMINAL_EVENT_CODES.created,
      `Terminal "${terminal.name}" created (${flowType}, ${currency.code.trim()}, test mode)`,
    );
    return terminal;
  });
  return created.id;
};

/**
 * Switches a terminal on or off, or between test and production. A value equal to the current
 * one changes nothing, needs nothing and logs nothing.
 */
export const switchTerminal = async (
  db: Database,
  changer: TerminalChanger,
  scope: MerchantScope,
  terminalId: number,
  { enable, isTest }: { enable?: boolean; isTest?: boolean },
): Promise<void> => {
  await db.transaction(async (tx) => {
    const terminal = await lockVisibleTerminal(tx, scope, terminalId);
    const modeChanges = isTest !== undefined && isTest !== terminal.isTest;
    // Both directions: back to test makes new invoices test-processing, whose status
    // anyone may then set by hand (SPEC §4), so it is as sensitive as going live.
    if (modeChanges && !canSwitchTerminalMode(changer.person)) {
      throw notAllowed('Switching between test and production needs terminal.prod.change');
    }
    const enableChanges = enable !== undefined && enable !== terminal.enabled;
    if (!modeChanges && !enableChanges) return;
    await updateTerminal(tx, terminal.id, {
      ...(modeChanges ? { isTest } : {}),
      ...(enableChanges ? { enabled: enable } : {}),
    });
    if (modeChanges) {
      await audit(
        tx,
        terminal,
        changer,
        isTest ? TERMINAL_EVENT_CODES.switchedToTest : TERMINAL_EVENT_CODES.switchedToProduction,
        `Terminal "${terminal.name}" switched to ${isTest ? 'test' : 'production'}`,
      );
    }
    if (enableChanges) {
      await audit(
        tx,
        terminal,
        changer,
        enable ? TERMINAL_EVENT_CODES.enabled : TERMINAL_EVENT_CODES.disabled,
        `Terminal "${terminal.name}" ${enable ? 'enabled' : 'disabled'}`,
      );
    }
  });
};

export interface TerminalSave {
  name: string;
  attributes: Array<{ value?: string | null; attrType: { id: number } }>;
}

/**
 * Saves a terminal's name and the attribute values to add or change, all or nothing. Empty
 * values are dropped (SPEC §5) and attributes not listed stay as they are. Adding or changing an
 * attribute needs terminal.attr.read and terminal.prod.change; sending it unchanged does not.
 */
export const saveTerminal = async (
  db: Database,
  changer: TerminalChanger,
  scope: MerchantScope,
  terminalId: number,
  body: TerminalSave,
): Promise<void> => {
  const message = nameError(body.name);
  if (message) throw invalid(message);
  const name = body.name.trim();

  const attributes = dropEmptyAttributes(body.attributes);
  const typeIds = attributes.map(({ attrType }) => attrType.id);
  const repeated = typeIds.find((id, index) => typeIds.indexOf(id) !== index);
  if (repeated !== undefined) {
    throw invalid(`Attribute type ${repeated} is given more than once`);
  }
  const types = await loadAttributeTypes(db, typeIds);

  await db.transaction(async (tx) => {
    const terminal = await lockVisibleTerminal(tx, scope, terminalId);
    const current = await attributeValuesOf(tx, terminal.id);
    const values = new Map<number, string>();
    for (const attribute of attributes) {
      const type = types.get(attribute.attrType.id);
      if (!type) throw invalid(`Unknown attribute type ${attribute.attrType.id}`);
      // Its parameter type always; an alert setting's range and the fee rule for changes only.
      const saved = current.get(type.id) ?? null;
      const error = attributeChangeError(type.paramType, attribute.value, type.code, saved);
      if (error) throw invalid(error);
      values.set(type.id, normaliseAttributeValue(attribute.value ?? ''));
    }
    const changed = [...values].filter(([typeId, value]) => current.get(typeId) !== value);
    if (changed.length > 0 && !canChangeTerminalAttributes(changer.person)) {
      throw notAllowed(ATTRIBUTES_NOT_ALLOWED);
    }

    if (name !== terminal.name) {
      await updateTerminal(tx, terminal.id, { name });
      await audit(
        tx,
        terminal,
        changer,
        TERMINAL_EVENT_CODES.renamed,
        `Terminal renamed from "${terminal.name}" to "${name}"`,
      );
    }
    if (changed.length === 0) return;
    await upsertAttributes(tx, terminal.id, changed);
    for (const [typeId, value] of changed) {
      const type = types.get(typeId);
      const before = current.get(typeId);
      await audit(
        tx,
        terminal,
        changer,
        TERMINAL_EVENT_CODES.attributeSet,
        `Attribute "${type?.value ?? typeId}" (${type ? ATTRIBUTE_PARAM_TYPE_NAMES[type.paramType] : '?'}) ` +
          (before === undefined ? `set to "${value}"` : `changed from "${before}" to "${value}"`),
      );
    }
  });
};

/** Removes a terminal's attribute of the given type (404 'Attribute not found' without one). */
export const removeAttribute = async (
  db: Database,
  changer: TerminalChanger,
  scope: MerchantScope,
  terminalId: number,
  attributeId: number,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const terminal = await lockVisibleTerminal(tx, scope, terminalId);
    if (!canChangeTerminalAttributes(changer.person)) throw notAllowed(ATTRIBUTES_NOT_ALLOWED);
    const removed = await deleteAttribute(tx, terminal.id, attributeId);
    if (!removed) throw notFoundError('Attribute not found');
    const typeValue = await findReferenceItemValue(tx, attributeId);
    await audit(
      tx,
      terminal,
      changer,
      TERMINAL_EVENT_CODES.attributeRemoved,
      `Attribute "${typeValue ?? attributeId}" removed (was "${removed.value}")`,
    );
  });
};
