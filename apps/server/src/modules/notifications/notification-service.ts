import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/http-errors.ts';
import { type AuthenticatedPerson, merchantScopeOf } from '../auth/auth-entry.ts';
import {
  countUnread,
  listNotifications,
  markRead,
  notificationExistsFor,
} from './notification-repository.ts';

export const NOTIFICATION_PAGE_SIZE = 50;

/** The caller's notifications, newest first, and how many they have not read. */
export const notificationsOf = async (
  db: Database,
  person: AuthenticatedPerson,
  { beforeId, limit = NOTIFICATION_PAGE_SIZE }: { beforeId?: number; limit?: number },
) => {
  const scope = merchantScopeOf(person);
  const rows = await listNotifications(db, {
    scope,
    personId: person.id,
    ...(beforeId === undefined ? {} : { beforeId }),
    limit: limit + 1,
  });
  return {
    items: rows.slice(0, limit).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    hasMore: rows.length > limit,
    unread: await countUnread(db, scope, person.id),
  };
};

/** Marks the given entries (or all) read for the caller; an entry they cannot see is 404. */
export const markNotificationsRead = async (
  db: Database,
  person: AuthenticatedPerson,
  ids: number[] | undefined,
) => {
  const scope = merchantScopeOf(person);
  for (const id of ids ?? []) {
    if (!(await notificationExistsFor(db, scope, id))) throw notFound('Notification not found');
  }
  await markRead(db, { scope, personId: person.id, ...(ids ? { ids } : {}) });
  return { unread: await countUnread(db, scope, person.id) };
};
