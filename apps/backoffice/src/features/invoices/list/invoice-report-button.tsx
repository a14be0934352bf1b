import { errorMessageOf, type InvoiceListArgs, useDownloadInvoicesCsvMutation } from '@paygate/api';
import { Button, useToast } from '@paygate/ui';

export const REPORT_FAILED = 'Could not download the report';

export interface InvoiceReportButtonProps {
  /** The list's filters (page and size are not sent) and the chosen merchant. */
  query: InvoiceListArgs;
  disabled?: boolean;
}

/** SPEC §2 'Get report': GET /api/v1/invoice/csv with the list's filters, saved as Invoices.csv. */
export const InvoiceReportButton = ({ query, disabled }: InvoiceReportButtonProps) => {
  const [download, { isLoading }] = useDownloadInvoicesCsvMutation();
  const toast = useToast();
  const getReport = async () => {
    const { page: _page, size: _size, ...filters } = query;
    try {
      await download(filters).unwrap();
    } catch (error) {
      toast.error(errorMessageOf(error, REPORT_FAILED));
    }
  };
  return (
    <Button
      variant="secondary"
      busy={isLoading}
      disabled={disabled}
      onClick={() => void getReport()}
    >
      Get report
    </Button>
  );
};
