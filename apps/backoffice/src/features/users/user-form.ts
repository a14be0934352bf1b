import {
  PERSON_NAME_MAX_LENGTH,
  personNameError,
  USERNAME_MESSAGE,
  USERNAME_PATTERN,
} from '@paygate/domain';
import * as yup from 'yup';

/** The merchant field's value for platform staff (merchantId null); merchants are their id. */
export const PLATFORM_STAFF = 'platform';

export const USER_FORM_TEXTS = {
  usernameRequired: 'Username is required',
  merchantRequired: 'Choose platform staff or a merchant',
  rolesRequired: 'Choose at least one role',
  nameRequired: (label: string) => `${label} is required`,
  nameTooLong: (label: string) =>
    `${label} must be at most ${PERSON_NAME_MAX_LENGTH} characters long`,
} as const;

/**
 * A first or last name as the server takes it: packages/domain's personNameError (required,
 * trimmed, at most 100 characters), which the server applies too.
 */
const nameSchema = (label: string) =>
  yup.string().test('name', (value, context) => {
    const error = personNameError(value ?? '');
    if (error === 'required') {
      return context.createError({ message: USER_FORM_TEXTS.nameRequired(label) });
    }
    if (error === 'too-long') {
      return context.createError({ message: USER_FORM_TEXTS.nameTooLong(label) });
    }
    return true;
  });

/** The username rules of packages/domain, which the server applies too (spaces around trimmed). */
const usernameSchema = yup.string().test('username', (value, context) => {
  const username = (value ?? '').trim();
  if (username === '') return context.createError({ message: USER_FORM_TEXTS.usernameRequired });
  return USERNAME_PATTERN.test(username) || context.createError({ message: USERNAME_MESSAGE });
});

const rolesSchema = yup.array(yup.string().required()).min(1, USER_FORM_TEXTS.rolesRequired);

export interface NewUserValues {
  username: string;
  firstName: string;
  lastName: string;
  /** PLATFORM_STAFF, a merchant id, or '' while nothing is chosen. */
  merchant: string;
  roles: string[];
}

export const newUserSchema = yup.object({
  username: usernameSchema,
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  merchant: yup.string().required(USER_FORM_TEXTS.merchantRequired),
  roles: rolesSchema,
});

export interface NameValues {
  firstName: string;
  lastName: string;
}

export const namesSchema = yup.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
});

export const rolesFormSchema = yup.object({ roles: rolesSchema });

/** The merchant id the server takes for a merchant field's value: null for platform staff. */
export const merchantIdOf = (merchant: string): number | null =>
  merchant === PLATFORM_STAFF ? null : Number(merchant);

/** Whether the merchant field's value is a merchant (not platform staff, not unchosen). */
export const isMerchantChoice = (merchant: string): boolean =>
  merchant !== '' && merchant !== PLATFORM_STAFF;
