import { errorMessageOf, useGetAuditLogQuery } from '@paygate/api';
import { hasPermission } from '@paygate/domain';
import { Button, EmptyState, Pager, PageSizeSelect, pageCountOf, Spinner } from '@paygate/ui';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentPerson } from '../session/current-person.tsx';
import { AuditCsvButton } from './audit-csv-button.tsx';
import { AUDIT_TEXTS } from './audit-log-display.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { AuditLogTable } from './audit-log-table.tsx';
import {
  type AuditViewChange,
  auditFiltersOf,
  auditQueryOf,
  changedAuditParams,
  readAuditLogView,
} from './audit-log-view.ts';
import './audit-log.css';

/** The list's view (page, size and filters) in the URL, so Back and links return to it. */
const useAuditLogView = () => {
  const [params, setParams] = useSearchParams();
  const view = readAuditLogView(params);
  const change = useCallback(
    (values: AuditViewChange, replace = false) =>
      setParams((current) => changedAuditParams(current, values), { replace }),
    [setParams],
  );
  /** A filter changed: the list starts again from its first page. */
  const filter = useCallback(
    (values: AuditViewChange, replace = false) => change({ ...values, page: null }, replace),
    [change],
  );
  return { view, change, filter };
};

const AuditHeading = ({ children }: { children?: ReactNode }) => (
  <div className="bo-audit-toolbar">
    <h1 id="audit-title">{AUDIT_TEXTS.title}</h1>
    {children}
  </div>
);

const AuditLogScreen = () => {
  const { view, change, filter } = useAuditLogView();
  const list = useGetAuditLogQuery(auditQueryOf(view));
  const page = list.currentData;

  // A page beyond the last one (a stale link, or rows gone since): show the last page instead.
  const lastPage = pageCountOf(page?.total ?? 0, view.size);
  const beyondLastPage = page !== undefined && page.total > 0 && view.page > lastPage;
  useEffect(() => {
    if (beyondLastPage) change({ page: lastPage }, true);
  }, [beyondLastPage, lastPage, change]);

  let results: ReactNode;
  if (list.isError) {
    results = (
      <div className="bo-audit-state" role="alert">
        <p>
          {AUDIT_TEXTS.loadFailed}: {errorMessageOf(list.error)}
        </p>
        <Button variant="secondary" busy={list.isFetching} onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (!page) {
    results = (
      <div className="bo-audit-state">
        <Spinner label={AUDIT_TEXTS.loading} />
      </div>
    );
  } else {
    results = (
      <>
        {page.items.length === 0 ? (
          <EmptyState text={AUDIT_TEXTS.nothingFound} />
        ) : (
          <AuditLogTable entries={page.items} busy={list.isFetching} />
        )}
        <div className="bo-audit-paging">
          <p className="bo-audit-total">Total: {page.total}</p>
          {page.total > 0 ? (
            <Pager
              page={view.page}
              pageCount={lastPage}
              onPageChange={(target) => change({ page: target })}
            />
          ) : null}
          <PageSizeSelect value={view.size} onChange={(size) => change({ size, page: null })} />
        </div>
      </>
    );
  }

  return (
    <section className="bo-audit" aria-labelledby="audit-title">
      <AuditHeading>
        <AuditCsvButton filters={auditFiltersOf(view)} />
      </AuditHeading>
      <AuditLogFilters view={view} onChange={filter} />
      {results}
    </section>
  );
};

/**
 * /audit (issue 22 item 5, audit.read): who did what and when — sign-ins, users, roles, 2FA and
 * sessions — filtered by actor, kind and dates, paged, and downloaded as CSV with the same filters.
 * Without audit.read the screen says so and makes no call.
 */
export const AuditLogPage = () => {
  const person = useCurrentPerson();
  if (!hasPermission(person, 'audit.read')) {
    return (
      <section className="bo-audit" aria-labelledby="audit-title">
        <AuditHeading />
        <EmptyState text={AUDIT_TEXTS.noAccess} />
      </section>
    );
  }
  return <AuditLogScreen />;
};
