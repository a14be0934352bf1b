import { useGetMerchantsQuery } from '@paygate/api';
import { canLoadAllMerchants } from '@paygate/domain';
import { useAppSelector } from '../../app/store.ts';
import { useCurrentPerson } from '../session/current-person.tsx';

export interface MerchantScope {
  /**
   * The merchantId to send with back-office calls: the chosen merchant of a merchant.rw.all user
   * (the remembered choice while it still exists, else the first merchant, SPEC §2); undefined for
   * everyone else, whom the server scopes to their own merchant.
   */
  merchantId: number | undefined;
  /**
   * False while the merchant list of a merchant.rw.all user is loading or could not be loaded
   * (the header's chooser says why and offers Try again): screens wait rather than ask without a
   * merchant, which the server would answer for every merchant.
   */
  ready: boolean;
  /** Whether the person chooses the merchant (merchant.rw.all). */
  choosesMerchant: boolean;
}

export const useMerchantScope = (): MerchantScope => {
  const person = useCurrentPerson();
  const choosesMerchant = canLoadAllMerchants(person);
  const chosen = useAppSelector((state) => state.workspace.selectedMerchantId);
  const { data: page } = useGetMerchantsQuery(undefined, { skip: !choosesMerchant });
  if (!choosesMerchant) return { merchantId: undefined, ready: true, choosesMerchant };
  const merchants = page?.items ?? [];
  const merchantId =
    merchants.find((merchant) => merchant.id === chosen)?.id ?? merchants[0]?.id ?? undefined;
  return { merchantId, ready: page !== undefined, choosesMerchant };
};
