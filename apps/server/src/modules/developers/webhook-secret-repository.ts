import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { webhookSecrets } from '../../db/schema.ts';

/** Webhook signing secrets: SQL only; times are the database clock. */

/** The current secret (no expiry) and rotated ones still within their grace period. */
const signingNow = or(isNull(webhookSecrets.expiresAt), gt(webhookSecrets.expiresAt, sql`now()`));

/** A merchant's secrets that still sign, the current one first. */
export const signingWebhookSecrets = (db: Database, merchantId: number) =>
  db
    .select({
      id: webhookSecrets.id,
      secret: webhookSecrets.secret,
      createdAt: webhookSecrets.createdAt,
      expiresAt: webhookSecrets.expiresAt,
    })
    .from(webhookSecrets)
    .where(and(eq(webhookSecrets.merchantId, merchantId), signingNow))
    .orderBy(sql`${webhookSecrets.expiresAt} IS NOT NULL`, desc(webhookSecrets.createdAt));

/** The current secret of a merchant. */
export const currentWebhookSecret = async (db: Database, merchantId: number) => {
  const [current] = await db
    .select({ id: webhookSecrets.id, secret: webhookSecrets.secret })
    .from(webhookSecrets)
    .where(and(eq(webhookSecrets.merchantId, merchantId), isNull(webhookSecrets.expiresAt)))
    .orderBy(desc(webhookSecrets.createdAt))
    .limit(1);
  return current;
};

/**
 * Ends the current secret's sole reign: it keeps signing for `graceHours` more (0: stops now),
 * and every older one still signing stops at the same time at the latest. Answers when the
 * previous secret stops signing, or null when there was none. Locks the merchant's secrets,
 * so two rotations never leave two current secrets.
 */
export const expireCurrentWebhookSecret = async (
  tx: Database,
  merchantId: number,
  graceHours: number,
): Promise<Date | null> => {
  await tx.execute(
    sql`SELECT id FROM ${webhookSecrets} WHERE ${webhookSecrets.merchantId} = ${merchantId} FOR UPDATE`,
  );
  const expiry = sql`now() + make_interval(hours => ${graceHours}::int)`;
  // Older secrets in their own grace period never outlive the one being rotated.
  await tx
    .update(webhookSecrets)
    .set({ expiresAt: sql`least(${webhookSecrets.expiresAt}, ${expiry})` })
    .where(
      and(eq(webhookSecrets.merchantId, merchantId), gt(webhookSecrets.expiresAt, sql`now()`)),
    );
  const [previous] = await tx
    .update(webhookSecrets)
    .set({ expiresAt: expiry })
    .where(and(eq(webhookSecrets.merchantId, merchantId), isNull(webhookSecrets.expiresAt)))
    .returning({ expiresAt: webhookSecrets.expiresAt });
  return previous?.expiresAt ?? null;
};

export const insertWebhookSecret = async (
  tx: Database,
  values: typeof webhookSecrets.$inferInsert,
) => {
  const [secret] = await tx.insert(webhookSecrets).values(values).returning();
  if (!secret) throw new Error('webhook secret insert returned nothing');
  return secret;
};
