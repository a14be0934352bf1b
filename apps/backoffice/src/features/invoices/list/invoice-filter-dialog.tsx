import { errorMessageOf, useGetReferenceListQuery } from '@paygate/api';
import {
  EMPTY_INVOICE_FILTER_FORM,
  FLOW_TYPES,
  type FlowType,
  type InvoiceFilterFormValues,
  REFERENCE_HEADER_IDS,
} from '@paygate/domain';
import { Button, Checkbox, Dialog, Select, Spinner, TextField } from '@paygate/ui';
import { useFormik } from 'formik';
import { invoiceFilterSchema } from './invoice-filter-form.ts';
import { filterFormFromFilters, type InvoiceModalFilters } from './invoice-list-url.ts';

export interface InvoiceFilterDialogProps {
  open: boolean;
  onClose: () => void;
  /** The filters in force (from the URL); the form opens with them. */
  filters: InvoiceModalFilters;
  /** Apply Filter with a valid form. */
  onApply: (form: InvoiceFilterFormValues) => void;
  /** Reset Filter: the form is cleared and the list loses the modal's filters. */
  onReset: () => void;
}

const FLOW_TYPE_OPTIONS = FLOW_TYPES.map((flowType) => ({ value: flowType, label: flowType }));

const isFlowType = (value: string): value is FlowType =>
  (FLOW_TYPES as readonly string[]).includes(value);

/** Status checkboxes from the invoice (payment) status reference list, header 201. */
const StatusCheckboxes = ({
  selected,
  onToggle,
}: {
  selected: readonly number[];
  onToggle: (statusId: number, checked: boolean) => void;
}) => {
  const statuses = useGetReferenceListQuery({ refHeaderId: REFERENCE_HEADER_IDS.paymentStatus });
  return (
    <fieldset className="bo-invoice-filter__statuses">
      <legend>Status</legend>
      {statuses.isLoading ? (
        <Spinner label="Loading statuses" />
      ) : statuses.isError ? (
        <p role="alert">
          Could not load the statuses: {errorMessageOf(statuses.error)}{' '}
          <Button variant="secondary" onClick={() => void statuses.refetch()}>
            Retry
          </Button>
        </p>
      ) : (
        (statuses.data ?? []).map((status) => (
          <Checkbox
            key={status.id}
            label={status.value}
            name="statusIds"
            value={status.id}
            checked={selected.includes(status.id)}
            onChange={(event) => onToggle(status.id, event.target.checked)}
          />
        ))
      )}
    </fieldset>
  );
};

/** The form inside the dialog: mounted on every open, so it starts from the applied filters. */
const InvoiceFilterForm = ({
  filters,
  onApply,
  onReset,
}: Pick<InvoiceFilterDialogProps, 'filters' | 'onApply' | 'onReset'>) => {
  const form = useFormik<InvoiceFilterFormValues>({
    initialValues: filterFormFromFilters(filters),
    validationSchema: invoiceFilterSchema,
    onSubmit: (values) => onApply(values),
  });
  const { values, errors } = form;
  const toggleStatus = (statusId: number, checked: boolean) => {
    const others = values.statusIds.filter((id) => id !== statusId);
    void form.setFieldValue('statusIds', checked ? [...others, statusId] : others);
  };
  const reset = () => {
    form.resetForm({ values: EMPTY_INVOICE_FILTER_FORM });
    onReset();
  };
  return (
    <form onSubmit={form.handleSubmit} noValidate className="bo-form bo-invoice-filter">
      <StatusCheckboxes selected={values.statusIds} onToggle={toggleStatus} />
      <div className="bo-invoice-filter__pair">
        {/* SPEC §2: From cannot exceed To, so each date input is bounded by the other. */}
        <TextField
          label="Date From"
          name="dateFrom"
          type="date"
          value={values.dateFrom}
          max={values.dateTo || undefined}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={errors.dateFrom}
        />
        <TextField
          label="Date To"
          name="dateTo"
          type="date"
          value={values.dateTo}
          min={values.dateFrom || undefined}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={errors.dateTo}
        />
      </div>
      <TextField
        label="Last Status Date"
        name="lastStatusDate"
        type="date"
        value={values.lastStatusDate}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
      />
      <Select
        label="Flow Type"
        name="flowType"
        placeholder="Not selected"
        options={FLOW_TYPE_OPTIONS}
        value={values.flowType}
        onChange={(value) => void form.setFieldValue('flowType', isFlowType(value) ? value : '')}
      />
      {/*
        Sums are typed in currency (major) units, e.g. 150.50, and sent as typed: the server's
        sumFrom/sumTo are "in currency units" and it compares them with each invoice's amount at
        that invoice's own currency dimension (openapi.json, GET /api/v1/invoice). So one pair of
        bounds works across a list that mixes currencies, and no currency choice is needed here.
        The values stay text (formik's handleChange would turn a number input into a number).
      */}
      <div className="bo-invoice-filter__pair">
        <TextField
          label="Sum From"
          name="sumFrom"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          max={values.sumTo || undefined}
          value={values.sumFrom}
          onChange={(event) => void form.setFieldValue('sumFrom', event.target.value)}
          onBlur={form.handleBlur}
          error={errors.sumFrom}
          hint="In currency units, e.g. 150.50"
        />
        <TextField
          label="Sum To"
          name="sumTo"
          type="number"
          inputMode="decimal"
          min={values.sumFrom || 0}
          step="any"
          value={values.sumTo}
          onChange={(event) => void form.setFieldValue('sumTo', event.target.value)}
          onBlur={form.handleBlur}
          error={errors.sumTo}
        />
      </div>
      <div className="bo-form-actions">
        <Button variant="secondary" onClick={reset}>
          Reset Filter
        </Button>
        <Button type="submit">Apply Filter</Button>
      </div>
    </form>
  );
};

/** SPEC §2 filter modal of the invoice list. */
export const InvoiceFilterDialog = ({
  open,
  onClose,
  filters,
  onApply,
  onReset,
}: InvoiceFilterDialogProps) => (
  <Dialog open={open} onClose={onClose} title="Filters" width={560}>
    <InvoiceFilterForm filters={filters} onApply={onApply} onReset={onReset} />
  </Dialog>
);
