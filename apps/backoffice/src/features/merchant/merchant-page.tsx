import {
  type CreatedMerchant,
  errorMessageOf,
  type Merchant,
  useGetMerchantsQuery,
  useGetMyMerchantQuery,
} from '@paygate/api';
import { canCreateMerchant, canLoadAllMerchants, canReadOwnMerchant } from '@paygate/domain';
import { Button, EmptyState, Spinner } from '@paygate/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/store.ts';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { merchantChosen } from '../workspace/workspace-slice.ts';
import { MerchantDetails } from './merchant-details.tsx';
import { NewMerchantDialog } from './new-merchant-dialog.tsx';
import { SigningSecretDialog } from './signing-secret-dialog.tsx';
import './merchant.css';

export const NO_MERCHANT_ACCESS = 'You have no access to merchant settings.';
export const NO_MERCHANTS = 'No merchants yet.';

interface MerchantLoad {
  merchant: Merchant | undefined;
  isLoading: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The merchant the screen shows: for merchant.rw.all the chosen one, from the merchant list the
 * header's chooser loaded already; for everyone else with merchant.read their own
 * (GET /api/v1/merchant/me).
 */
const useShownMerchant = (choosesMerchant: boolean, readsOwn: boolean): MerchantLoad => {
  const { merchantId } = useMerchantScope();
  const list = useGetMerchantsQuery(undefined, { skip: !choosesMerchant });
  const own = useGetMyMerchantQuery(undefined, { skip: choosesMerchant || !readsOwn });
  if (choosesMerchant) {
    return {
      merchant: list.data?.items.find((merchant) => merchant.id === merchantId),
      isLoading: list.isLoading,
      error: list.isError ? list.error : undefined,
      isFetching: list.isFetching,
      refetch: list.refetch,
    };
  }
  return {
    merchant: own.data,
    isLoading: own.isLoading,
    error: own.isError ? own.error : undefined,
    isFetching: own.isFetching,
    refetch: own.refetch,
  };
};

/**
 * SPEC §2 Merchant: name edit, public key with copy, and New Merchant for merchant.create (the
 * permission POST /api/v1/merchant asks for, admins only: decision 0002; merchant.rw.all is not
 * enough). A new merchant's signing secret is shown once.
 */
export const MerchantPage = () => {
  const person = useCurrentPerson();
  const dispatch = useAppDispatch();
  const choosesMerchant = canLoadAllMerchants(person);
  const readsOwn = canReadOwnMerchant(person);
  const createsMerchants = canCreateMerchant(person);
  const load = useShownMerchant(choosesMerchant, readsOwn);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedMerchant | null>(null);
  const newMerchantRef = useRef<HTMLButtonElement>(null);
  const secretShown = useRef(false);

  // The secret dialog opened from the New Merchant dialog, which is gone: once it closes, the
  // focus goes back to the button that started it all.
  useEffect(() => {
    if (created) {
      secretShown.current = true;
    } else if (secretShown.current) {
      secretShown.current = false;
      newMerchantRef.current?.focus();
    }
  }, [created]);

  const onCreated = (merchant: CreatedMerchant) => {
    setCreating(false);
    setCreated(merchant);
    // The screen (and the header's chooser) moves to the new merchant.
    dispatch(merchantChosen(merchant.id));
  };

  const newMerchantButton = createsMerchants ? (
    <Button ref={newMerchantRef} onClick={() => setCreating(true)}>
      New Merchant
    </Button>
  ) : null;

  let body: ReactNode;
  if (!choosesMerchant && !readsOwn) {
    body = <p>{NO_MERCHANT_ACCESS}</p>;
  } else if (load.isLoading) {
    body = <Spinner label="Loading merchant" />;
  } else if (load.error !== undefined) {
    body = (
      <div role="alert" className="bo-merchant__error">
        <p>Could not load the merchant: {errorMessageOf(load.error)}</p>
        <Button variant="secondary" busy={load.isFetching} onClick={() => void load.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (!load.merchant) {
    body = <EmptyState text={NO_MERCHANTS} />;
  } else {
    body = <MerchantDetails merchant={load.merchant} canRename={readsOwn} />;
  }

  return (
    <section aria-labelledby="merchant-title" className="bo-merchant">
      <div className="bo-merchant__top">
        <h1 id="merchant-title">Merchant</h1>
        {newMerchantButton}
      </div>
      {body}
      {createsMerchants ? (
        <>
          <NewMerchantDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={onCreated}
          />
          <SigningSecretDialog merchant={created} onClose={() => setCreated(null)} />
        </>
      ) : null}
    </section>
  );
};
