import { useGetMerchantsQuery } from '@paygate/api';
import { Select } from '@paygate/ui';
import { useAppDispatch } from '../../app/store.ts';
import { LoadFailed } from '../layout/load-state.tsx';
import { useMerchantScope } from './merchant-scope.ts';
import { merchantChosen } from './workspace-slice.ts';

export const MERCHANTS_LOAD_FAILED = 'Could not load the merchants';

/**
 * The merchant choice of merchant.rw.all users (SPEC §2, §6), remembered across reloads. When the
 * list cannot load, the reason and Try again show next to it.
 */
export const MerchantChooser = () => {
  const dispatch = useAppDispatch();
  const { merchantId, choosesMerchant } = useMerchantScope();
  const merchants = useGetMerchantsQuery(undefined, { skip: !choosesMerchant });
  if (!choosesMerchant) return null;
  const page = merchants.data;
  return (
    <>
      <Select
        label="Merchant"
        value={merchantId === undefined ? '' : String(merchantId)}
        disabled={page === undefined}
        options={(page?.items ?? []).map((merchant) => ({
          value: String(merchant.id),
          label: merchant.name,
        }))}
        onChange={(value) => {
          if (value !== '') dispatch(merchantChosen(Number(value)));
        }}
      />
      {merchants.isError ? <LoadFailed message={MERCHANTS_LOAD_FAILED} query={merchants} /> : null}
    </>
  );
};
