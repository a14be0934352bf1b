import { type BalanceMovementArgs, errorMessageOf, useGetMerchantsQuery } from '@paygate/api';
import { hasPermission } from '@paygate/domain';
import { Button, EmptyState, Select } from '@paygate/ui';
import { type ReactNode, useCallback, useState } from 'react';
import { LoadFailed, Loading } from '../layout/load-state.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { MerchantScopePending } from '../workspace/merchant-scope-pending.tsx';
import { BALANCE_MOVEMENT_TEXTS as TEXTS } from './balance-movement-texts.ts';
import { BalanceMovementsTable } from './balance-movements-table.tsx';
import { useBalanceMovements } from './use-balance-movements.ts';
import { type CurrencyChoice, useChosenCurrency } from './use-chosen-currency.ts';
import './balance-movements.css';

const Frame = ({ children }: { children: ReactNode }) => (
  <section className="bo-balance-movements" aria-labelledby="balance-movements-title">
    <h1 id="balance-movements-title">{TEXTS.title}</h1>
    <p className="bo-balance-movements__note">{TEXTS.intro}</p>
    {children}
  </section>
);

/** Which merchant's balance a merchant.rw.all user sees: the one chosen in the header. */
const ChosenMerchant = ({ merchantId }: { merchantId: number }) => {
  const { data } = useGetMerchantsQuery();
  const name = data?.items.find((merchant) => merchant.id === merchantId)?.name;
  return name === undefined ? null : (
    <p className="bo-balance-movements__note">{TEXTS.chosenMerchant(name)}</p>
  );
};

const CurrencyPicker = ({ choice }: { choice: CurrencyChoice }) => {
  const { currencies, code, choose } = choice;
  return (
    <div className="bo-balance-movements__filters">
      <Select
        label={TEXTS.currency}
        placeholder={TEXTS.notSelected}
        value={code}
        options={(currencies.data ?? []).map((currency) => ({
          value: currency.code.trim(),
          label: currency.code.trim(),
        }))}
        disabled={currencies.isLoading}
        hint={currencies.isLoading ? TEXTS.loadingCurrencies : undefined}
        onChange={choose}
      />
      {currencies.isError ? (
        <LoadFailed message={TEXTS.currenciesFailed} query={currencies} />
      ) : null}
    </div>
  );
};

/**
 * The movements of the balance, a page at a time: "Load more" adds the next page below and
 * moves the focus to its first row, so a keyboard user goes on reading where the new rows begin.
 */
const Movements = ({ args }: { args: BalanceMovementArgs }) => {
  const list = useBalanceMovements(args);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const focused = useCallback(() => setFocusIndex(null), []);
  const { movements, currency } = list;

  if (movements === undefined || currency === undefined) {
    return list.isError ? (
      <LoadFailed message={TEXTS.loadFailed} query={list.query} />
    ) : (
      <Loading label={TEXTS.loading} />
    );
  }
  if (movements.length === 0) return <EmptyState text={TEXTS.nothingFound} />;
  return (
    <>
      <p className="bo-balance-movements__note">{TEXTS.utc}</p>
      <BalanceMovementsTable
        movements={movements}
        dimension={currency.dimension}
        busy={list.query.isFetching && !list.loadingMore}
        focusIndex={focusIndex}
        onFocused={focused}
      />
      <div className="bo-balance-movements__more">
        <p role="status">
          {list.hasMore
            ? TEXTS.shown(movements.length)
            : `${TEXTS.shown(movements.length)} ${TEXTS.allShown}`}
        </p>
        {list.loadMoreFailed && !list.loadingMore ? (
          // Load more stays: pressing it again is the retry.
          <p role="alert" className="bo-balance-movements__more-failed">
            {TEXTS.loadMoreFailed}: {errorMessageOf(list.query.error)}
          </p>
        ) : null}
        {list.hasMore ? (
          <Button
            variant="secondary"
            busy={list.loadingMore}
            onClick={() => {
              setFocusIndex(movements.length);
              list.loadMore();
            }}
          >
            {TEXTS.loadMore}
          </Button>
        ) : null}
      </div>
    </>
  );
};

const BalanceMovementsScreen = () => {
  const { merchantId, ready, choosesMerchant } = useMerchantScope();
  const choice = useChosenCurrency();
  const { chosen, code, currencies } = choice;

  if (!ready) {
    return (
      <Frame>
        <MerchantScopePending loadingLabel={TEXTS.loadingMerchants} />
      </Frame>
    );
  }
  if (choosesMerchant && merchantId === undefined) {
    return (
      <Frame>
        <EmptyState text={TEXTS.noMerchant} />
      </Frame>
    );
  }
  let movements: ReactNode = null;
  if (chosen !== undefined) {
    const args: BalanceMovementArgs = {
      currencyId: chosen.id,
      ...(merchantId === undefined ? {} : { merchantId }),
    };
    // Another balance starts again: its own pages, no focus carried over.
    movements = <Movements key={`${merchantId ?? 'own'}-${chosen.id}`} args={args} />;
  } else if (code === '') {
    movements = <EmptyState text={TEXTS.chooseCurrency} />;
  } else if (currencies.data !== undefined) {
    movements = <EmptyState text={TEXTS.unknownCurrency(code)} />;
  }
  return (
    <Frame>
      {choosesMerchant && merchantId !== undefined ? (
        <ChosenMerchant merchantId={merchantId} />
      ) : null}
      <CurrencyPicker choice={choice} />
      {movements}
    </Frame>
  );
};

/**
 * /balance-movements (decision 0029, report.read.balance): the movements of one balance, the
 * merchant's money in one currency, newest first, as the balance ledger recorded them; the
 * Balance statement report's rows on screen, for "why is the balance this?". A merchant.rw.all
 * holder reads the merchant chosen in the header; the currency is chosen here and kept in the
 * URL. Without the permission the screen says so and makes no call.
 */
export const BalanceMovementsPage = () => {
  const person = useCurrentPerson();
  if (!hasPermission(person, 'report.read.balance')) {
    return (
      <Frame>
        <EmptyState text={TEXTS.noAccess} />
      </Frame>
    );
  }
  return <BalanceMovementsScreen />;
};
