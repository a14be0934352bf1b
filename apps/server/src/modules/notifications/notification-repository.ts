import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { notificationReads, notifications } from '../../db/schema.ts';
import type { MerchantScope } from '../auth/auth-entry.ts';

export type NotificationSeverity = (typeof notifications.severity.enumValues)[number];

export interface NewNotification {
  merchantId: number | null;
  category: string;
  severity: NotificationSeverity;
  title: string;
  body: string;
  link?: string | null;
  alertId?: number | null;
  createdAt?: Date;
}

export const insertNotification = async (tx: Database, notification: NewNotification) => {
  const [row] = await tx.insert(notifications).values(notification).returning();
  if (!row) throw new Error('notification insert returned nothing');
  return row;
};

/** Platform-wide entries (no merchant) are for staff who see every merchant. */
const visibleIn = (scope: MerchantScope) =>
  scope.kind === 'all'
    ? undefined
    : scope.ids.length > 0
      ? inArray(notifications.merchantId, scope.ids)
      : sql`false`;

const readBy = (personId: number) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${notificationReads} r
                WHERE r.notification_id = ${notifications.id} AND r.person_id = ${personId})`;

/** Newest first, keyset-paged by id; each with whether this person has read it. */
export const listNotifications = (
  db: Database,
  {
    scope,
    personId,
    beforeId,
    limit,
  }: {
    scope: MerchantScope;
    personId: number;
    beforeId?: number;
    limit: number;
  },
) =>
  db
    .select({
      id: notifications.id,
      merchantId: notifications.merchantId,
      category: notifications.category,
      severity: notifications.severity,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      read: readBy(personId),
    })
    .from(notifications)
    .where(and(visibleIn(scope), beforeId ? lt(notifications.id, beforeId) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit);

export const countUnread = async (db: Database, scope: MerchantScope, personId: number) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(visibleIn(scope), sql`NOT ${readBy(personId)}`));
  return row?.count ?? 0;
};

/** Marks entries read for a person: the given ones within the scope, or every one (ids absent). */
export const markRead = async (
  db: Database,
  { scope, personId, ids }: { scope: MerchantScope; personId: number; ids?: number[] },
): Promise<number> => {
  const inserted = await db.execute(sql`
    INSERT INTO ${notificationReads} (notification_id, person_id)
    SELECT ${notifications.id}, ${personId} FROM ${notifications}
     WHERE ${and(visibleIn(scope) ?? sql`true`, ids ? inArray(notifications.id, ids) : sql`true`)}
    ON CONFLICT DO NOTHING`);
  return (inserted as unknown as { rowCount?: number }).rowCount ?? 0;
};

export const notificationExistsFor = async (db: Database, scope: MerchantScope, id: number) => {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleIn(scope) ?? sql`true`));
  return rows.length > 0;
};
