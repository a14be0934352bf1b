import { minorUnitsToSafeNumber } from '@paygate/domain';

/**
 * Minor units in JSON are integers. Amounts are stored as bigint and checked on the way out:
 * a value beyond 2^53 would lose precision in a JavaScript client, so it is an error rather
 * than a silently wrong number (inputs are capped at the same bound).
 */
export const minorUnitsJson = (minor: bigint): number => minorUnitsToSafeNumber(minor);
