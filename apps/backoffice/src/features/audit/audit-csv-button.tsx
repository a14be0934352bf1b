import {
  type AuditLogCsvQuery,
  errorMessageOf,
  useDownloadAuditLogCsvMutation,
} from '@paygate/api';
import { Button, useToast } from '@paygate/ui';
import { AUDIT_TEXTS } from './audit-log-display.ts';

/** "Download CSV": GET /api/v1/audit/csv with the list's filters (no paging), saved as Audit.csv. */
export const AuditCsvButton = ({ filters }: { filters: AuditLogCsvQuery }) => {
  const [download, { isLoading }] = useDownloadAuditLogCsvMutation();
  const toast = useToast();
  const save = async () => {
    try {
      await download(filters).unwrap();
    } catch (error) {
      toast.error(errorMessageOf(error, AUDIT_TEXTS.downloadFailed));
    }
  };
  return (
    <Button variant="secondary" busy={isLoading} onClick={() => void save()}>
      Download CSV
    </Button>
  );
};
