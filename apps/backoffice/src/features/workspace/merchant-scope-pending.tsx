import { useGetMerchantsQuery } from '@paygate/api';
import { LoadFailed, Loading } from '../layout/load-state.tsx';
import { MERCHANTS_LOAD_FAILED } from './merchant-chooser.tsx';
import { useMerchantScope } from './merchant-scope.ts';

/**
 * In place of a screen's content while its merchant scope is not ready (merchant-scope.ts): the
 * merchant list loading, or why it could not load with Try again, as the header says too, rather
 * than a spinner that never ends.
 */
export const MerchantScopePending = ({ loadingLabel }: { loadingLabel: string }) => {
  const { choosesMerchant } = useMerchantScope();
  const merchants = useGetMerchantsQuery(undefined, { skip: !choosesMerchant });
  return merchants.isError ? (
    <LoadFailed message={MERCHANTS_LOAD_FAILED} query={merchants} />
  ) : (
    <Loading label={loadingLabel} />
  );
};
