import { useGetMerchantsQuery } from '@paygate/api';
import { Select } from '@paygate/ui';
import { useAppDispatch } from '../../app/store.ts';
import { useMerchantScope } from './merchant-scope.ts';
import { merchantChosen } from './workspace-slice.ts';

/** The merchant choice of merchant.rw.all users (SPEC §2, §6), remembered across reloads. */
export const MerchantChooser = () => {
  const dispatch = useAppDispatch();
  const { merchantId, choosesMerchant } = useMerchantScope();
  const { data: page, isLoading } = useGetMerchantsQuery(undefined, { skip: !choosesMerchant });
  if (!choosesMerchant) return null;
  return (
    <Select
      label="Merchant"
      value={merchantId === undefined ? '' : String(merchantId)}
      disabled={isLoading}
      options={(page?.items ?? []).map((merchant) => ({
        value: String(merchant.id),
        label: merchant.name,
      }))}
      onChange={(value) => {
        if (value !== '') dispatch(merchantChosen(Number(value)));
      }}
    />
  );
};
