import { type BalanceMovementArgs, errorMessageOf, useGetMerchantsQuery } from '@paygate/api';
import { formatDateTimeShort, hasPermission } from '@paygate/domain';
import { Button, EmptyState, Select, TextField } from '@paygate/ui';
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { LoadFailed, Loading } from '../layout/load-state.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { MerchantScopePending } from '../workspace/merchant-scope-pending.tsx';
import { BALANCE_MOVEMENT_TEXTS as TEXTS } from './balance-movement-texts.ts';
import { BalanceMovementsTable } from './balance-movements-table.tsx';
import { type BalanceMovementList, useBalanceMovements } from './use-balance-movements.ts';
import { type CurrencyChoice, useChosenCurrency } from './use-chosen-currency.ts';
import { type InvoiceFilter, invoiceIdOf, useInvoiceFilter } from './use-invoice-filter.ts';
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
    <div className="bo-balance-movements__currency">
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
 * One invoice's movements alone: an invoice id applied on Enter or Apply, checked as the server
 * checks it (nothing is applied, so nothing asked, until it passes), and Clear. The text follows
 * the URL (Back, a row's "Filter") and keeps what a person types until they apply it.
 */
const InvoiceFilterForm = ({
  filter,
  inputRef,
}: {
  filter: InvoiceFilter;
  inputRef: RefObject<HTMLInputElement | null>;
}) => {
  const { value, invalid, apply } = filter;
  const [applied, setApplied] = useState(value);
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | undefined>(
    invalid ? TEXTS.invalidInvoiceId : undefined,
  );
  if (applied !== value) {
    setApplied(value);
    setText(value);
    setError(invalid ? TEXTS.invalidInvoiceId : undefined);
  }
  const clear = () => {
    setText('');
    setError(undefined);
    apply('');
    // Clear goes away with the filter: the focus stays in the field.
    inputRef.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers and jsdom; the role gives the same landmark
    <form
      role="search"
      aria-label={TEXTS.invoiceFilterName}
      className="bo-balance-movements__invoice-filter"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') {
          clear();
          return;
        }
        const invoiceId = invoiceIdOf(text);
        if (invoiceId === null) {
          setError(TEXTS.invalidInvoiceId);
          return;
        }
        setError(undefined);
        setText(invoiceId);
        apply(invoiceId);
      }}
    >
      <TextField
        ref={inputRef}
        label={TEXTS.invoiceFilter}
        name="invoice"
        value={text}
        error={error}
        autoComplete="off"
        spellCheck={false}
        className="bo-balance-movements__invoice-field"
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary">
        {TEXTS.applyInvoice}
      </Button>
      {value !== '' || text !== '' ? (
        <Button variant="secondary" onClick={clear}>
          {TEXTS.clearInvoice}
        </Button>
      ) : null}
    </form>
  );
};

/**
 * Refresh and when the newest movements were read, announced (role status): "Refreshing…", then
 * "Refreshed at …". Refresh is busy (so disabled) while it reads; a keyboard user who pressed it
 * gets the focus back on it when it is done, since a disabled button loses it.
 */
const RefreshBar = ({ list, onRefresh }: { list: BalanceMovementList; onRefresh: () => void }) => {
  const button = useRef<HTMLButtonElement>(null);
  /** Refresh had the focus when pressed; `seenRefreshing`: its reading has begun. */
  const returnFocus = useRef(false);
  const seenRefreshing = useRef(false);
  const { refreshing, asOf } = list;
  useEffect(() => {
    if (refreshing) {
      seenRefreshing.current = true;
      return;
    }
    if (!seenRefreshing.current) return;
    seenRefreshing.current = false;
    if (!returnFocus.current) return;
    returnFocus.current = false;
    // Only where the disabled button left it: never away from where the person has gone since.
    const active = document.activeElement;
    if (active === null || active === document.body) button.current?.focus();
  }, [refreshing]);
  let status = '';
  if (refreshing) status = TEXTS.refreshing;
  else if (asOf !== undefined) status = TEXTS.asOf(formatDateTimeShort(asOf.at), asOf.refreshed);
  return (
    <div className="bo-balance-movements__refresh">
      <p role="status" aria-live="polite">
        {status}
      </p>
      <Button
        ref={button}
        variant="secondary"
        busy={refreshing}
        disabled={list.loadingMore}
        onClick={() => {
          returnFocus.current = document.activeElement === button.current;
          onRefresh();
        }}
      >
        {TEXTS.refresh}
      </Button>
      {list.refreshFailed ? (
        // Refresh stays: pressing it again is the retry; the movements shown stay too.
        <p role="alert" className="bo-balance-movements__more-failed">
          {TEXTS.refreshFailed}: {errorMessageOf(list.query.error)}
        </p>
      ) : null}
    </div>
  );
};

/**
 * The movements of the balance (of one invoice when `args.invoiceId` is set), a page at a time:
 * "Load more" adds the next page below and moves the focus to its first row, so a keyboard user
 * goes on reading where the new rows begin; Refresh reads the newest page again, alone.
 */
const Movements = ({
  args,
  onFilterInvoice,
}: {
  args: BalanceMovementArgs;
  onFilterInvoice: (invoiceId: string) => void;
}) => {
  const list = useBalanceMovements(args);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const focused = useCallback(() => setFocusIndex(null), []);
  const { movements, currency } = list;
  const { invoiceId } = args;

  if (movements === undefined || currency === undefined) {
    return list.isError ? (
      <LoadFailed message={TEXTS.loadFailed} query={list.query} />
    ) : (
      <Loading label={TEXTS.loading} />
    );
  }
  const refreshBar = (
    <RefreshBar
      list={list}
      onRefresh={() => {
        // The pages after the newest go: no row of theirs is waiting for the focus.
        setFocusIndex(null);
        list.refresh();
      }}
    />
  );
  if (movements.length === 0) {
    return (
      <>
        {refreshBar}
        <EmptyState
          text={invoiceId === undefined ? TEXTS.nothingFound : TEXTS.noInvoiceMovements(invoiceId)}
        />
      </>
    );
  }
  const allShown = invoiceId === undefined ? TEXTS.allShown : TEXTS.allShownOfInvoice;
  return (
    <>
      {refreshBar}
      <p className="bo-balance-movements__note">{TEXTS.utc}</p>
      <BalanceMovementsTable
        movements={movements}
        dimension={currency.dimension}
        busy={list.query.isFetching && !list.loadingMore}
        focusIndex={focusIndex}
        onFocused={focused}
        // Filtered already: every row is that invoice's.
        onFilterInvoice={invoiceId === undefined ? onFilterInvoice : undefined}
      />
      <div className="bo-balance-movements__more">
        <p role="status">
          {list.hasMore
            ? TEXTS.shown(movements.length)
            : `${TEXTS.shown(movements.length)} ${allShown}`}
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
            disabled={list.refreshing}
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
  const invoiceFilter = useInvoiceFilter();
  const invoiceInput = useRef<HTMLInputElement>(null);
  const { apply: applyInvoice } = invoiceFilter;
  const filterByInvoice = useCallback(
    (invoiceId: string) => {
      applyInvoice(invoiceId);
      // The row's button goes with the filter: the focus goes to the field that now holds it.
      invoiceInput.current?.focus();
    },
    [applyInvoice],
  );

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
  const { invoiceId } = invoiceFilter;
  let movements: ReactNode = null;
  if (invoiceFilter.invalid) {
    // The address names no invoice id: the field says so, and nothing is asked.
    movements = null;
  } else if (chosen !== undefined) {
    const args: BalanceMovementArgs = {
      currencyId: chosen.id,
      ...(merchantId === undefined ? {} : { merchantId }),
      ...(invoiceId === undefined ? {} : { invoiceId }),
    };
    // Another balance or invoice starts again: its own pages, no focus carried over.
    movements = (
      <Movements
        key={`${merchantId ?? 'own'}-${chosen.id}-${invoiceId ?? 'all'}`}
        args={args}
        onFilterInvoice={filterByInvoice}
      />
    );
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
      <div className="bo-balance-movements__filters">
        <CurrencyPicker choice={choice} />
        <InvoiceFilterForm filter={invoiceFilter} inputRef={invoiceInput} />
      </div>
      {movements}
    </Frame>
  );
};

/**
 * /balance-movements (decision 0029, report.read.balance): the movements of one balance, the
 * merchant's money in one currency, newest first, as the balance ledger recorded them; the
 * Balance statement report's rows on screen, for "why is the balance this?". A merchant.rw.all
 * holder reads the merchant chosen in the header; the currency, and optionally one invoice, are
 * chosen here and kept in the URL. Without the permission the screen says so and makes no call.
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
