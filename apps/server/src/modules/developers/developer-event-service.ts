import type { Database } from '../../db/database.ts';
import { notFoundError } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import { merchantScopeOf, scopeAllows } from '../auth/auth-entry.ts';
import {
  callbackMerchantId,
  EVENT_LOG_MESSAGES,
  eventDetails,
  eventLogPage,
  resendDelivery,
} from '../callbacks/callbacks-entry.ts';
import { actingMerchantOf, type DeveloperActor } from './developer-actor.ts';

/** The event log of the Developers screen: the caller's merchant's events, and resends. */

export const developerEventPage = (
  db: Database,
  actor: DeveloperActor,
  {
    merchantId,
    type,
    invoiceId,
    page,
    size,
  }: { merchantId?: number; type?: string; invoiceId?: string; page: number; size: number },
) =>
  eventLogPage(
    db,
    actingMerchantOf(actor, merchantId),
    { ...(type === undefined ? {} : { type }), ...(invoiceId === undefined ? {} : { invoiceId }) },
    { page, size },
  );

export const developerEventDetails = async (
  db: Database,
  actor: DeveloperActor,
  eventId: string,
) => {
  const scope = merchantScopeOf(actor.person);
  const { merchantId: _merchantId, ...event } = await eventDetails(
    db,
    (merchantId) => scopeAllows(scope, merchantId),
    eventId,
  );
  return event;
};

export const resendCallback = async (db: Database, actor: DeveloperActor, callbackId: number) => {
  const merchantId = await callbackMerchantId(db, callbackId);
  if (merchantId === undefined || !scopeAllows(merchantScopeOf(actor.person), merchantId)) {
    throw notFoundError(EVENT_LOG_MESSAGES.callbackNotFound);
  }
  return db.transaction(async (tx) => {
    const queued = await resendDelivery(tx, callbackId);
    await recordEvent(tx, {
      eventCode: EVENT_CODES.callbackResent,
      description: `Delivery ${callbackId} resent to ${queued.url}`,
      personId: actor.person.id,
      merchantId,
      invoiceId: queued.invoiceId,
      entityType: 'callback',
      entityId: queued.id,
      sourceIp: actor.sourceIp,
    });
    return { callbackId: queued.id };
  });
};
