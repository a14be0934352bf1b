import { useGetAuditLogQuery } from '@paygate/api';
import { hasPermission } from '@paygate/domain';
import { EmptyState } from '@paygate/ui';
import { type ReactNode, useCallback } from 'react';
import { useLastPageFallback, useListView } from '../layout/list-view.ts';
import { PagedList } from '../layout/paged-list.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { AuditCsvButton } from './audit-csv-button.tsx';
import { AUDIT_TEXTS } from './audit-log-display.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { AuditLogTable } from './audit-log-table.tsx';
import {
  type AuditViewChange,
  auditFiltersOf,
  auditQueryOf,
  readAuditLogView,
} from './audit-log-view.ts';
import './audit-log.css';

/** The list's view (page, size and filters) in the URL, so Back and links return to it. */
const useAuditLogView = () => {
  const { view, change } = useListView(readAuditLogView);
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
  useLastPageFallback(list.currentData?.total, view, change);

  return (
    <section className="bo-audit" aria-labelledby="audit-title">
      <AuditHeading>
        <AuditCsvButton filters={auditFiltersOf(view)} />
      </AuditHeading>
      <AuditLogFilters view={view} onChange={filter} />
      <PagedList
        query={list}
        view={view}
        loadFailed={AUDIT_TEXTS.loadFailed}
        loading={AUDIT_TEXTS.loading}
        nothingFound={AUDIT_TEXTS.nothingFound}
        onPageChange={(page) => change({ page })}
        onSizeChange={(size) => change({ size, page: null })}
      >
        {(entries) => <AuditLogTable entries={entries} busy={list.isFetching} />}
      </PagedList>
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
