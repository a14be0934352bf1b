import {
  type InvoiceFilterFormValues,
  invoiceFiltersFromForm,
  isDateRangeOrdered,
} from '@paygate/domain';
import * as yup from 'yup';

/** Messages of the From/To rules of the filter form (SPEC §2: From cannot exceed To). */
export const FILTER_MESSAGES = {
  dateFromAfterTo: 'Date From cannot be after Date To',
  dateToBeforeFrom: 'Date To cannot be before Date From',
  sumFromAboveTo: 'Sum From cannot be greater than Sum To',
  sumToBelowFrom: 'Sum To cannot be less than Sum From',
} as const;

type Parent = Partial<InvoiceFilterFormValues>;

const formOf = (parent: Parent): InvoiceFilterFormValues => ({
  dateFrom: parent.dateFrom ?? '',
  dateTo: parent.dateTo ?? '',
  lastStatusDate: parent.lastStatusDate ?? '',
  sumFrom: parent.sumFrom ?? '',
  sumTo: parent.sumTo ?? '',
  statusIds: parent.statusIds ?? [],
  flowType: parent.flowType ?? '',
});

/** True unless both dates are valid and From is after To (invalid dates are dropped on apply). */
const datesOrdered = (parent: Parent) => isDateRangeOrdered(parent.dateFrom, parent.dateTo);

/**
 * True unless both sums are valid numbers and From is greater than To. The comparison uses the
 * numbers Apply Filter would send (invoiceFiltersFromForm), so an invalid sum, which is dropped,
 * never blocks the form.
 */
const sumsOrdered = (parent: Parent) => {
  const { sumFrom, sumTo } = invoiceFiltersFromForm(formOf(parent));
  return sumFrom === undefined || sumTo === undefined || sumFrom <= sumTo;
};

/**
 * The filter form's only blocking rules: Date From cannot exceed Date To and Sum From cannot
 * exceed Sum To (SPEC §2). Everything else that is empty or invalid is dropped on apply.
 */
export const invoiceFilterSchema = yup.object({
  dateFrom: yup
    .string()
    .test('ordered', FILTER_MESSAGES.dateFromAfterTo, (_value, { parent }) => datesOrdered(parent)),
  dateTo: yup
    .string()
    .test('ordered', FILTER_MESSAGES.dateToBeforeFrom, (_value, { parent }) =>
      datesOrdered(parent),
    ),
  sumFrom: yup
    .string()
    .test('ordered', FILTER_MESSAGES.sumFromAboveTo, (_value, { parent }) => sumsOrdered(parent)),
  sumTo: yup
    .string()
    .test('ordered', FILTER_MESSAGES.sumToBelowFrom, (_value, { parent }) => sumsOrdered(parent)),
});
