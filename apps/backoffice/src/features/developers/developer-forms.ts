import type { ApiKeyScope, WebhookEventType } from '@paygate/domain';
import {
  API_KEY_LABEL_MAX_LENGTH,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_SECRET_GRACE_HOURS_DEFAULT,
  WEBHOOK_SECRET_GRACE_HOURS_MAX,
  WEBHOOK_URL_MAX_LENGTH,
} from '@paygate/domain';
import * as yup from 'yup';
import { DEVELOPER_TEXTS } from './developer-texts.ts';

/** Create API key: a label and at least one scope. */
export interface ApiKeyFormValues {
  label: string;
  scopes: ApiKeyScope[];
}

export const EMPTY_API_KEY: ApiKeyFormValues = { label: '', scopes: [] };

export const apiKeySchema = yup.object({
  label: yup.string().test('label', (value, context) => {
    const label = (value ?? '').trim();
    if (label === '') return context.createError({ message: DEVELOPER_TEXTS.labelRequired });
    if ([...label].length > API_KEY_LABEL_MAX_LENGTH) {
      return context.createError({ message: DEVELOPER_TEXTS.labelTooLong });
    }
    return true;
  }),
  scopes: yup.array(yup.string().required()).min(1, DEVELOPER_TEXTS.scopesRequired),
});

/** Rotate: the grace period in hours, as typed (a number input gives text). */
export interface RotateFormValues {
  graceHours: string;
}

export const INITIAL_ROTATE: RotateFormValues = {
  graceHours: String(WEBHOOK_SECRET_GRACE_HOURS_DEFAULT),
};

export const rotateSchema = yup.object({
  graceHours: yup.string().test('graceHours', (value, context) => {
    const text = (value ?? '').trim();
    if (text === '') return context.createError({ message: DEVELOPER_TEXTS.graceRequired });
    if (!/^\d+$/.test(text)) return context.createError({ message: DEVELOPER_TEXTS.graceWhole });
    const hours = Number(text);
    if (hours < 0 || hours > WEBHOOK_SECRET_GRACE_HOURS_MAX) {
      return context.createError({ message: DEVELOPER_TEXTS.graceRange });
    }
    return true;
  }),
});

/** An absolute http(s) URL with a host, as the server takes it. */
export const isWebhookUrl = (text: string): boolean => {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** Add or Edit endpoint: the URL, an optional description and at least one event type. */
export interface EndpointFormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

export const EMPTY_ENDPOINT: EndpointFormValues = { url: '', description: '', eventTypes: [] };

export const endpointSchema = yup.object({
  url: yup.string().test('url', (value, context) => {
    const url = (value ?? '').trim();
    if (url === '') return context.createError({ message: DEVELOPER_TEXTS.urlRequired });
    if (url.length > WEBHOOK_URL_MAX_LENGTH) {
      return context.createError({ message: DEVELOPER_TEXTS.urlTooLong });
    }
    return isWebhookUrl(url) || context.createError({ message: DEVELOPER_TEXTS.urlInvalid });
  }),
  description: yup
    .string()
    .test(
      'description',
      DEVELOPER_TEXTS.descriptionTooLong,
      (value) => [...(value ?? '').trim()].length <= WEBHOOK_DESCRIPTION_MAX_LENGTH,
    ),
  eventTypes: yup.array(yup.string().required()).min(1, DEVELOPER_TEXTS.eventTypesRequired),
});

/** A checklist's new value: the item added or removed, in the order of `all`. */
export const toggled = <T extends string>(
  all: readonly T[],
  chosen: readonly T[],
  item: T,
  checked: boolean,
): T[] => all.filter((each) => (each === item ? checked : chosen.includes(each)));
