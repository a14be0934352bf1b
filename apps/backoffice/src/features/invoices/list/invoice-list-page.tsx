import { errorMessageOf, type InvoicePage, useGetInvoicesQuery } from '@paygate/api';
import {
  canSeeFinanceSummary,
  EMPTY_INVOICE_FILTER_FORM,
  INVOICE_SEARCH_MAX_LENGTH,
  type InvoiceFilterFormValues,
} from '@paygate/domain';
import { Button, EmptyState } from '@paygate/ui';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FinanceTiles } from '../../finance/finance-tiles.tsx';
import { useLastPageFallback } from '../../layout/list-view.ts';
import { Loading } from '../../layout/load-state.tsx';
import { PagedListFooter } from '../../layout/paged-list.tsx';
import { SearchForm } from '../../layout/search-form.tsx';
import { invoiceListKey } from '../../live/new-invoice-match.ts';
import { useCurrentPerson } from '../../session/current-person.tsx';
import { useMerchantScope } from '../../workspace/merchant-scope.ts';
import { MerchantScopePending } from '../../workspace/merchant-scope-pending.tsx';
import { useSelectedTerminal } from '../../workspace/terminal-selector.tsx';
import { InvoiceFilterDialog } from './invoice-filter-dialog.tsx';
import {
  activeFilterCount,
  type InvoiceListView,
  invoiceQueryFromView,
  readInvoiceListUrl,
  withFilterForm,
  withPage,
  withSearch,
  withSize,
} from './invoice-list-url.ts';
import { InvoiceReportButton } from './invoice-report-button.tsx';
import { InvoiceTable } from './invoice-table.tsx';
import { NewInvoicesBanner, useShowNewInvoices } from './new-invoices-banner.tsx';
import './invoice-list.css';

export const NOTHING_FOUND = 'Nothing found';

/** The list view from the URL and the ways to change it (each a new URL; see invoice-list-url). */
const useInvoiceListUrl = () => {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readInvoiceListUrl(params), [params]);
  const change = useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, replace = false) =>
      setParams((current) => update(current), { replace }),
    [setParams],
  );
  return { view, change };
};

interface InvoiceResultsProps {
  view: InvoiceListView;
  ready: boolean;
  list: {
    currentData?: InvoicePage;
    isFetching: boolean;
    isError: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

/** Loading, error, 'Nothing found' or the rows, then the pager and the items-per-page select. */
const InvoiceResults = ({ view, ready, list, onPage, onSize }: InvoiceResultsProps) => {
  const page = list.currentData;
  if (!ready) return <MerchantScopePending loadingLabel="Loading transactions" />;
  if (list.isError) {
    return (
      <div className="bo-load-state" role="alert">
        <p>Could not load the transactions: {errorMessageOf(list.error)}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!page) return <Loading label="Loading transactions" />;
  return (
    <>
      {page.items.length === 0 ? (
        <EmptyState text={NOTHING_FOUND} />
      ) : (
        <InvoiceTable invoices={page.items} busy={list.isFetching} />
      )}
      {/* Over a large match the server estimates the total instead of counting every row. */}
      <PagedListFooter
        total={page.total}
        approximate={page.totalExact === false}
        view={view}
        onPageChange={onPage}
        onSizeChange={onSize}
      />
    </>
  );
};

/**
 * SPEC §2 invoice list, titled Transactions. Its view lives in the URL query; the terminal is
 * the header's (a workspace setting shared with the reports).
 */
export const InvoiceListPage = () => {
  const person = useCurrentPerson();
  const { merchantId, ready } = useMerchantScope();
  const { view, change } = useInvoiceListUrl();
  const terminalId = useSelectedTerminal();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const query = useMemo(
    () => ({
      ...invoiceQueryFromView(view, terminalId),
      ...(merchantId === undefined ? {} : { merchantId }),
    }),
    [view, terminalId, merchantId],
  );
  const list = useGetInvoicesQuery(query, { skip: !ready });
  const showNewInvoices = useShowNewInvoices(list);

  const showPage = useCallback(
    ({ page }: { page: number }, replace = false) =>
      change((current) => withPage(current, page), replace),
    [change],
  );
  // Only against an exact total: an estimate may be below the real count.
  const exactTotal = list.currentData?.totalExact === false ? undefined : list.currentData?.total;
  useLastPageFallback(exactTotal, view, showPage);

  const applyFilters = (form: InvoiceFilterFormValues) => {
    change((current) => withFilterForm(current, form));
    setFiltersOpen(false);
  };
  const search = useCallback(
    (text: string, typing: boolean) => change((current) => withSearch(current, text), typing),
    [change],
  );
  const filterCount = activeFilterCount(view.filters);

  return (
    <section className="bo-invoices" aria-labelledby="invoices-title">
      <h1 id="invoices-title">Transactions</h1>
      {canSeeFinanceSummary(person) ? (
        <section aria-label="Finance summary">
          <FinanceTiles />
        </section>
      ) : null}
      <div className="bo-invoices-toolbar">
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setFiltersOpen(true)}>
          {filterCount > 0 ? `Filter (${filterCount})` : 'Filter'}
        </Button>
        <SearchForm
          label="Search transactions"
          className="bo-invoices-search"
          placeholder="Invoice, merchant invoice, provider invoice or customer id"
          maxLength={INVOICE_SEARCH_MAX_LENGTH}
          value={view.search}
          onSearch={search}
        />
        <InvoiceReportButton query={query} disabled={!ready} />
      </div>
      <NewInvoicesBanner
        listKey={invoiceListKey(query)}
        busy={list.isFetching}
        onShow={showNewInvoices}
      />
      <InvoiceResults
        view={view}
        ready={ready}
        list={list}
        onPage={(page) => showPage({ page })}
        onSize={(size) => change((current) => withSize(current, size))}
      />
      <InvoiceFilterDialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filters={view.filters}
        onApply={applyFilters}
        onReset={() => change((current) => withFilterForm(current, EMPTY_INVOICE_FILTER_FORM))}
      />
    </section>
  );
};
