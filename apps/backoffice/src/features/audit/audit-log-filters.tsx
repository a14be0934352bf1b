import { errorMessageOf, useGetAuditEventCodesQuery } from '@paygate/api';
import { Button, Select, TextField } from '@paygate/ui';
import { useCallback } from 'react';
import { useDebouncedSearch } from '../layout/debounced-search.ts';
import { AUDIT_TEXTS, eventCodeLabel } from './audit-log-display.ts';
import {
  ACTOR_MAX_LENGTH,
  type AuditLogView,
  type AuditViewChange,
  hasAuditFilters,
  isReversedRange,
} from './audit-log-view.ts';

/**
 * Actor: part of a username, applied after a pause in typing (replacing the URL entry, so Back
 * does not step through every letter) or at once on Enter, as the list searches are.
 */
const ActorField = ({
  value,
  onApply,
}: {
  value: string;
  onApply: (actor: string, typing: boolean) => void;
}) => {
  const actor = useDebouncedSearch(value, onApply);
  return (
    <TextField
      className="bo-audit-filters__actor"
      label="Actor"
      type="search"
      name="actor"
      placeholder="Username"
      autoComplete="off"
      maxLength={ACTOR_MAX_LENGTH}
      value={actor.text}
      onChange={(event) => actor.setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          actor.apply();
        }
      }}
    />
  );
};

/** Kind: the event codes the log holds, in words; the one in force stays offered. */
const KindField = ({ value, onChange }: { value: string; onChange: (kind: string) => void }) => {
  const codes = useGetAuditEventCodesQuery();
  const known = codes.data ?? [];
  const offered = value && !known.includes(value) ? [...known, value] : known;
  return (
    <div className="bo-audit-filters__kind">
      <Select
        label="Kind"
        name="kind"
        placeholder={AUDIT_TEXTS.allKinds}
        options={offered.map((code) => ({ value: code, label: eventCodeLabel(code) }))}
        value={value}
        hint={codes.isLoading ? 'Loading the kinds…' : undefined}
        onChange={onChange}
      />
      {codes.isError ? (
        <p role="alert" className="bo-audit-load-error">
          {AUDIT_TEXTS.kindsFailed}: {errorMessageOf(codes.error)}{' '}
          <Button variant="secondary" busy={codes.isFetching} onClick={() => void codes.refetch()}>
            Retry
          </Button>
        </p>
      ) : null}
    </div>
  );
};

export interface AuditLogFiltersProps {
  view: AuditLogView;
  /**
   * Applies filter values (the page goes back to the first); `replace` keeps one URL entry. Keep
   * it stable (useCallback): the actor's pause in typing restarts when it changes.
   */
  onChange: (change: AuditViewChange, replace?: boolean) => void;
}

/**
 * The audit log's filters: actor, kind and the from / to dates (UTC days, both inclusive). Each
 * applies as it changes; the list and the CSV follow them through the URL.
 */
export const AuditLogFilters = ({ view, onChange }: AuditLogFiltersProps) => {
  const reversed = isReversedRange(view);
  const applyActor = useCallback(
    (actor: string, typing: boolean) => onChange({ actor }, typing),
    [onChange],
  );
  return (
    <fieldset className="bo-audit-filters">
      <legend className="bo-visually-hidden">Filters</legend>
      <ActorField value={view.actor} onApply={applyActor} />
      <KindField value={view.kind} onChange={(kind) => onChange({ kind })} />
      <TextField
        label="From date"
        type="date"
        name="from"
        value={view.from}
        max={view.to || undefined}
        hint="UTC"
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="To date"
        type="date"
        name="to"
        value={view.to}
        min={view.from || undefined}
        hint="UTC, inclusive"
        error={reversed ? AUDIT_TEXTS.reversedRange : undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      {hasAuditFilters(view) ? (
        <Button
          variant="secondary"
          className="bo-audit-filters__clear"
          onClick={() => onChange({ actor: null, kind: null, from: null, to: null })}
        >
          Clear filters
        </Button>
      ) : null}
    </fieldset>
  );
};
