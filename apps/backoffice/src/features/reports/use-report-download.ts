import { type DownloadedFile, errorMessageOf } from '@paygate/api';
import { useToast } from '@paygate/ui';
import { useCallback } from 'react';
import { REPORT_FAILED, reportSavedMessage } from './report-form.ts';

/**
 * Runs a report download and tells how it went: the saved file's name on success, the server's
 * message (else the status text, else a generic text) on failure.
 */
export const useReportDownload = () => {
  const toast = useToast();
  return useCallback(
    async (download: () => Promise<DownloadedFile>) => {
      try {
        const { fileName } = await download();
        toast.success(reportSavedMessage(fileName));
      } catch (error) {
        toast.error(errorMessageOf(error, REPORT_FAILED));
      }
    },
    [toast],
  );
};
