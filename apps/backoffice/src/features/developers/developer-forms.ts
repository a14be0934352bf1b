import type {
  ApiKeyLabelError,
  ApiKeyScope,
  WebhookEventType,
  WebhookUrlError,
} from '@paygate/domain';
import {
  apiKeyLabelError,
  isWebhookRecoveryMoment,
  WEBHOOK_SECRET_GRACE_HOURS_DEFAULT,
  WEBHOOK_SECRET_GRACE_HOURS_MAX,
  webhookDescriptionError,
  webhookUrlError,
} from '@paygate/domain';
import * as yup from 'yup';
import { DEVELOPER_TEXTS } from './developer-texts.ts';

/** Create API key: a label and at least one scope. */
export interface ApiKeyFormValues {
  label: string;
  scopes: ApiKeyScope[];
}

export const EMPTY_API_KEY: ApiKeyFormValues = { label: '', scopes: [] };

/*
 * The label, the URL and the description are checked by the rules the server checks them by
 * (packages/domain developer-inputs.ts), so the form refuses exactly what the server would.
 */

const LABEL_TEXTS: Record<ApiKeyLabelError, string> = {
  required: DEVELOPER_TEXTS.labelRequired,
  'too-long': DEVELOPER_TEXTS.labelTooLong,
};

export const apiKeySchema = yup.object({
  label: yup.string().test('label', (value, context) => {
    const error = apiKeyLabelError(value ?? '');
    return error === null || context.createError({ message: LABEL_TEXTS[error] });
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

/** Recover: the moment, as a datetime-local input gives it (local time, `YYYY-MM-DDTHH:mm`). */
export interface RecoverFormValues {
  since: string;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** A datetime-local input's text for a moment (local time, to the minute). */
export const localDateTimeText = (moment: Date): string =>
  new Date(moment.getTime() - moment.getTimezoneOffset() * MINUTE_MS).toISOString().slice(0, 16);

/** Recover from a day ago unless changed. */
export const initialRecover = (now = new Date()): RecoverFormValues => ({
  since: localDateTimeText(new Date(now.getTime() - DAY_MS)),
});

/** The moment a datetime-local text means (local time), or null when it means none. */
export const momentOfLocalText = (text: string): Date | null => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? null : moment;
};

/** The server's rule (packages/domain isWebhookRecoveryMoment). */
export const recoverSchema = (now: () => number = Date.now) =>
  yup.object({
    since: yup.string().test('since', (value, context) => {
      const moment = momentOfLocalText((value ?? '').trim());
      if (!moment) return context.createError({ message: DEVELOPER_TEXTS.recoverSinceRequired });
      if (!isWebhookRecoveryMoment(moment, now())) {
        return context.createError({ message: DEVELOPER_TEXTS.recoverSinceRange });
      }
      return true;
    }),
  });

/** Add or Edit endpoint: the URL, an optional description and at least one event type. */
export interface EndpointFormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
}

export const EMPTY_ENDPOINT: EndpointFormValues = { url: '', description: '', eventTypes: [] };

/** The server answers one message for every URL failure; the form says which one it is. */
const URL_TEXTS: Record<WebhookUrlError, string> = {
  required: DEVELOPER_TEXTS.urlRequired,
  'too-long': DEVELOPER_TEXTS.urlTooLong,
  invalid: DEVELOPER_TEXTS.urlInvalid,
  credentials: DEVELOPER_TEXTS.urlCredentials,
};

export const endpointSchema = yup.object({
  url: yup.string().test('url', (value, context) => {
    const error = webhookUrlError(value ?? '');
    return error === null || context.createError({ message: URL_TEXTS[error] });
  }),
  description: yup
    .string()
    .test(
      'description',
      DEVELOPER_TEXTS.descriptionTooLong,
      (value) => webhookDescriptionError(value ?? '') === null,
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
