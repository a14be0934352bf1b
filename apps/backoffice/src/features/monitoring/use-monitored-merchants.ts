import { useGetMerchantsQuery, useGetMyMerchantQuery } from '@paygate/api';
import { canLoadAllMerchants, canReadOwnMerchant } from '@paygate/domain';
import { useCurrentPerson } from '../session/current-person.tsx';

export interface MonitoredMerchant {
  /** Stable tab key. */
  key: string;
  name: string;
  /** Sent as merchantId; undefined for the own merchant, which the server scopes to itself. */
  merchantId: number | undefined;
}

export interface MonitoredMerchants {
  merchants: MonitoredMerchant[];
  isLoading: boolean;
  error: unknown;
  retry: () => void;
}

export const OWN_MERCHANT_LABEL = 'My merchant';

/**
 * The tabs of the Monitoring screen (SPEC §2): every merchant for merchant.rw.all (the SPEC §9
 * list of 50, GET /api/v1/merchant), otherwise the person's own merchant only. The statistics call
 * cannot reach another merchant for them anyway: the server confines it to their own (decision
 * 0004). The own merchant's name comes from GET /api/v1/merchant/me when merchant.read allows it.
 */
export const useMonitoredMerchants = (): MonitoredMerchants => {
  const person = useCurrentPerson();
  const loadsAll = canLoadAllMerchants(person);
  const all = useGetMerchantsQuery(undefined, { skip: !loadsAll });
  const own = useGetMyMerchantQuery(undefined, {
    skip: loadsAll || !canReadOwnMerchant(person),
  });
  if (loadsAll) {
    return {
      merchants: (all.data?.items ?? []).map((merchant) => ({
        key: String(merchant.id),
        name: merchant.name,
        merchantId: merchant.id,
      })),
      isLoading: all.isLoading,
      error: all.data ? undefined : all.error,
      retry: () => void all.refetch(),
    };
  }
  return {
    merchants: [{ key: 'own', name: own.data?.name ?? OWN_MERCHANT_LABEL, merchantId: undefined }],
    isLoading: false,
    error: undefined,
    retry: () => undefined,
  };
};
