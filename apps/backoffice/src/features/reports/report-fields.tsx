import { errorMessageOf } from '@paygate/api';
import { Button, Select, type SelectOption, Spinner, TextField } from '@paygate/ui';
import { useField, useFormikContext } from 'formik';
import { type ReactNode, useId } from 'react';
import type { PeriodValues } from './report-form.ts';

/** A report card: a titled region holding its form (SPEC §2 Reports). */
export const ReportCardFrame = ({
  title,
  about,
  children,
}: {
  title: string;
  about: string;
  children: ReactNode;
}) => {
  const titleId = useId();
  return (
    <section className="bo-report-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="bo-report-card__about">{about}</p>
      {children}
    </section>
  );
};

/** Message of a field once it was touched (every field is touched on submit). */
const shownError = (meta: { touched: boolean; error?: string }) =>
  meta.touched ? meta.error : undefined;

/**
 * Date From and Date To (SPEC §2, §5): both required; From's max is To and To's min is From, so
 * the date pickers cannot pick a reversed period. Values are yyyy-MM-dd.
 */
export const PeriodFields = () => {
  const { values } = useFormikContext<PeriodValues>();
  const [from, fromMeta] = useField<string>('periodStart');
  const [to, toMeta] = useField<string>('periodEnd');
  return (
    <div className="bo-report-card__period">
      <TextField
        {...from}
        label="Date From"
        type="date"
        required
        max={values.periodEnd || undefined}
        error={shownError(fromMeta)}
      />
      <TextField
        {...to}
        label="Date To"
        type="date"
        required
        min={values.periodStart || undefined}
        error={shownError(toMeta)}
      />
    </div>
  );
};

/** What an RTK Query list hook answers, as far as a select needs it. */
export interface OptionsQuery<Item> {
  data?: readonly Item[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A required select of ids loaded from the API, first option 'Not selected' (SPEC §2). It says
 * so while the options load, and offers a retry when they cannot be loaded.
 */
export const IdSelectField = <Item,>({
  name,
  label,
  what,
  query,
  optionOf,
}: {
  name: string;
  label: string;
  /** Plural name of the options, for the loading and error texts ('currencies'). */
  what: string;
  query: OptionsQuery<Item>;
  optionOf: (item: Item) => SelectOption;
}) => {
  const [field, meta, helpers] = useField<string>(name);
  return (
    <div className="bo-report-card__select">
      <Select
        name={field.name}
        label={label}
        required
        placeholder="Not selected"
        value={field.value}
        options={(query.data ?? []).map(optionOf)}
        disabled={query.isLoading}
        hint={query.isLoading ? `Loading ${what}…` : undefined}
        onChange={(value) => void helpers.setValue(value)}
        onBlur={field.onBlur}
        error={shownError(meta)}
      />
      {query.isError ? (
        <p role="alert" className="bo-report-card__load-error">
          Could not load the {what}: {errorMessageOf(query.error)}{' '}
          <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </p>
      ) : null}
    </div>
  );
};

/**
 * 'Get report', busy with a visible, announced progress line while the file downloads. Until the
 * chosen merchant of a merchant.rw.all user is known, it waits, and says so.
 */
export const ReportSubmit = ({ downloading, ready }: { downloading: boolean; ready: boolean }) => (
  <div className="bo-report-card__actions">
    <p role="status" className="bo-report-card__progress">
      {downloading || !ready ? (
        <>
          <span aria-hidden="true">
            <Spinner label="" size={16} />
          </span>{' '}
          {downloading ? 'Preparing the report…' : 'Loading the merchant…'}
        </>
      ) : null}
    </p>
    <Button type="submit" busy={downloading} disabled={!ready}>
      Get report
    </Button>
  </div>
);
