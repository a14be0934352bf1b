import type { MerchantChoice, WebhookEventQuery } from '@paygate/api';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from '@paygate/domain';
import { type ListViewChange, type Paging, readPaging } from '../layout/list-view.ts';

/** The types the events list filters by: the subscribable ones and the test event. */
export const EVENT_FILTER_TYPES: readonly string[] = [
  ...WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
];

/** The events list's view as the URL holds it: `page` (1-based), `size` and `type`. */
export interface WebhookEventsView extends Paging {
  type: string;
}

export type WebhookEventsViewChange = ListViewChange<keyof WebhookEventsView>;

export const readWebhookEventsView = (params: URLSearchParams): WebhookEventsView => {
  const type = params.get('type')?.trim() ?? '';
  return { ...readPaging(params), type: EVENT_FILTER_TYPES.includes(type) ? type : '' };
};

/** The list query of the view: the API's page is 0-based; no type means every type. */
export const webhookEventsQueryOf = (
  view: WebhookEventsView,
  { merchantId }: MerchantChoice,
): WebhookEventQuery => ({
  ...(merchantId === undefined ? {} : { merchantId }),
  ...(view.type ? { type: view.type } : {}),
  page: view.page - 1,
  size: view.size,
});
