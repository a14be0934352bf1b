import type { BodyOf, DataOf } from './api-types.ts';
import { baseApi, LIST_ID } from './base-api.ts';
import { argsOf, dataOf, type OptionalArg } from './query-args.ts';

/** GET /api/v1/notifications: a page of entries, whether more follow, and the unread count. */
export type NotificationPage = DataOf<'/api/v1/notifications', 'get'>;
export type NotificationEntry = NotificationPage['items'][number];
export type MarkNotificationsReadRequest = BodyOf<'/api/v1/notifications/read', 'post'>;

export interface NotificationPageArgs {
  /** Entries older than this id: the next page. */
  beforeId?: number;
}

const NOTIFICATIONS = { type: 'Notification', id: LIST_ID } as const;

/**
 * The Notifications screen (issue 25 item 3): real entries (alerts opening and closing, an
 * endpoint disabled) and the demo's samples, newest first, read per person.
 */
export const notificationApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Notification'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getNotifications: build.query<NotificationPage, OptionalArg<NotificationPageArgs>>({
        query: (arg) => ({ url: 'api/v1/notifications', params: argsOf(arg) }),
        transformResponse: dataOf<NotificationPage>,
        providesTags: [NOTIFICATIONS],
      }),
      /** POST /api/v1/notifications/read: the given entries, or all without `ids`. */
      markNotificationsRead: build.mutation<{ unread: number }, MarkNotificationsReadRequest>({
        query: (body) => ({ url: 'api/v1/notifications/read', method: 'POST', body }),
        transformResponse: dataOf<{ unread: number }>,
        invalidatesTags: (result) => (result ? [NOTIFICATIONS] : []),
      }),
    }),
  });

/** What a new alert (a live event) makes stale. */
export const NOTIFICATION_TAGS = [NOTIFICATIONS] as const;

export const { useGetNotificationsQuery, useMarkNotificationsReadMutation } = notificationApi;
