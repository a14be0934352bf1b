import {
  WEBHOOK_SECRET_GRACE_HOURS_DEFAULT,
  WEBHOOK_SECRET_GRACE_HOURS_MAX,
} from '@paygate/domain';
import type { Database } from '../../db/database.ts';
import { newSigningSecret, WEBHOOK_SECRET_PREFIX } from '../../http/request-signing.ts';
import { invalid, notFoundError } from '../../service-errors.ts';
import { EVENT_CODES, recordEvent } from '../audit/audit-entry.ts';
import {
  actingMerchantOf,
  type DeveloperActor,
  existingActingMerchantOf,
} from './developer-actor.ts';
import {
  currentWebhookSecret,
  expireCurrentWebhookSecret,
  insertWebhookSecret,
  signingWebhookSecrets,
} from './webhook-secret-repository.ts';

/**
 * Webhook signing secrets (issue 23 item 1, decision 0021), apart from the API keys. Rotation
 * keeps the previous secret signing for a grace period (24 h by default): meanwhile every
 * callback carries a signature of each, as Standard Webhooks allows, so a merchant can deploy
 * the new secret without missing a callback. Every reveal and rotation is audited.
 */

export const WEBHOOK_SECRET_MESSAGES = {
  none: 'The merchant has no webhook secret',
  graceHours: `The grace period is 0 to ${WEBHOOK_SECRET_GRACE_HOURS_MAX} hours`,
} as const;

/** What the list shows of a secret: its last four characters, never the secret. */
const hintOf = (secret: string) => `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`;

export const merchantWebhookSecrets = async (
  db: Database,
  actor: DeveloperActor,
  merchantId?: number,
) => {
  const secrets = await signingWebhookSecrets(db, actingMerchantOf(actor, merchantId));
  return secrets.map(({ id, secret, createdAt, expiresAt }) => ({
    id,
    hint: hintOf(secret),
    createdAt,
    expiresAt,
  }));
};

export const revealWebhookSecret = async (
  db: Database,
  actor: DeveloperActor,
  merchantId?: number,
): Promise<{ secret: string }> => {
  const merchant = actingMerchantOf(actor, merchantId);
  const current = await currentWebhookSecret(db, merchant);
  if (!current) throw notFoundError(WEBHOOK_SECRET_MESSAGES.none);
  await recordEvent(db, {
    eventCode: EVENT_CODES.webhookSecretRevealed,
    description: 'Webhook signing secret revealed',
    personId: actor.person.id,
    merchantId: merchant,
    entityType: 'webhook_secret',
    entityId: current.id,
    sourceIp: actor.sourceIp,
  });
  return { secret: current.secret };
};

export const rotateWebhookSecret = async (
  db: Database,
  actor: DeveloperActor,
  {
    merchantId,
    graceHours = WEBHOOK_SECRET_GRACE_HOURS_DEFAULT,
  }: { merchantId?: number; graceHours?: number },
): Promise<{ secret: string; previousExpiresAt: Date | null }> => {
  const merchant = await existingActingMerchantOf(db, actor, merchantId);
  if (
    !Number.isInteger(graceHours) ||
    graceHours < 0 ||
    graceHours > WEBHOOK_SECRET_GRACE_HOURS_MAX
  ) {
    throw invalid(WEBHOOK_SECRET_MESSAGES.graceHours);
  }
  const secret = newSigningSecret(WEBHOOK_SECRET_PREFIX);
  return db.transaction(async (tx) => {
    const previousExpiresAt = await expireCurrentWebhookSecret(tx, merchant, graceHours);
    const created = await insertWebhookSecret(tx, {
      merchantId: merchant,
      secret,
      createdBy: actor.person.id,
    });
    await recordEvent(tx, {
      eventCode: EVENT_CODES.webhookSecretRotated,
      description: `Webhook signing secret rotated; the previous one signs for ${graceHours} more hours`,
      personId: actor.person.id,
      merchantId: merchant,
      entityType: 'webhook_secret',
      entityId: created.id,
      sourceIp: actor.sourceIp,
      details: { graceHours, previousExpiresAt: previousExpiresAt?.toISOString() ?? null },
    });
    return { secret, previousExpiresAt };
  });
};
