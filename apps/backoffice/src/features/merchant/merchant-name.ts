import { validateEntityName } from '@paygate/domain';
import * as yup from 'yup';

/** SPEC §8 success texts of the Merchant screen, word for word. */
export const MERCHANT_RENAMED = 'Successfully changed';
export const MERCHANT_CREATED = 'Merchant created';

/** Failure texts when the server says nothing of its own. */
export const RENAME_FAILED = 'Could not change the name';
export const CREATE_FAILED = 'Could not create the merchant';
export const COPY_FAILED = 'Could not copy. Select the text and copy it by hand.';

export interface MerchantNameValues {
  name: string;
}

/**
 * SPEC §5 merchant name: the terminal name rules, 'Name is required' and 'Name must be at least 3
 * characters long' (spaces around the name do not count), from @paygate/domain like the server.
 */
export const merchantNameSchema = yup.object({
  name: yup.string().test('name', (value, context) => {
    const message = validateEntityName(value);
    return message === null || context.createError({ message });
  }),
});
