import { errorMessageOf, type InvoicePage, useGetInvoicesQuery } from '@paygate/api';
import {
  canSeeFinanceSummary,
  EMPTY_INVOICE_FILTER_FORM,
  type InvoiceFilterFormValues,
} from '@paygate/domain';
import { Button, EmptyState, Pager, PageSizeSelect, pageCountOf, Spinner } from '@paygate/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FinanceTiles } from '../../finance/finance-tiles.tsx';
import { useCurrentPerson } from '../../session/current-person.tsx';
import { useMerchantScope } from '../../workspace/merchant-scope.ts';
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
import { InvoiceSearch } from './invoice-search.tsx';
import { InvoiceTable } from './invoice-table.tsx';
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
  if (list.isError) {
    return (
      <div className="bo-invoices-error" role="alert">
        <p>Could not load the transactions: {errorMessageOf(list.error)}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (!ready || !page) {
    return (
      <div className="bo-invoices-loading">
        <Spinner label="Loading transactions" />
      </div>
    );
  }
  return (
    <>
      {page.items.length === 0 ? (
        <EmptyState text={NOTHING_FOUND} />
      ) : (
        <InvoiceTable invoices={page.items} busy={list.isFetching} />
      )}
      <div className="bo-invoices-paging">
        {/* Over a large match the server estimates the total instead of counting every row. */}
        <p className="bo-invoices-total">
          Total: {page.totalExact === false ? `about ${page.total}` : page.total}
        </p>
        {page.total > 0 ? (
          <Pager
            page={view.page}
            pageCount={pageCountOf(page.total, view.size)}
            onPageChange={onPage}
          />
        ) : null}
        <PageSizeSelect value={view.size} onChange={onSize} />
      </div>
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

  // A page beyond the last one (a stale link, or rows gone since): show the last page instead.
  const total = list.currentData?.total ?? 0;
  const lastPage = pageCountOf(total, view.size);
  // Only against an exact total: an estimate may be below the real count.
  const beyondLastPage =
    list.currentData?.totalExact !== false && total > 0 && view.page > lastPage;
  useEffect(() => {
    if (beyondLastPage) change((current) => withPage(current, lastPage), true);
  }, [beyondLastPage, lastPage, change]);

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
        <InvoiceSearch value={view.search} onSearch={search} />
        <InvoiceReportButton query={query} disabled={!ready} />
      </div>
      <InvoiceResults
        view={view}
        ready={ready}
        list={list}
        onPage={(page) => change((current) => withPage(current, page))}
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
