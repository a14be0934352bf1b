import { errorMessageOf } from '@paygate/api';
import { Button, Spinner } from '@paygate/ui';
import './load-state.css';

/** What a failed query (RTK Query) offers: its error, whether it is fetching again, refetch. */
export interface RetryableQuery {
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * In place of what could not be loaded: the failure and the server's reason, announced as an
 * alert, and Try again (busy while it fetches again).
 */
export const LoadFailed = ({ message, query }: { message: string; query: RetryableQuery }) => (
  <div className="bo-load-state" role="alert">
    <p>
      {message}: {errorMessageOf(query.error)}
    </p>
    <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
      Try again
    </Button>
  </div>
);

/** A spinner, named for what loads, in place of it. */
export const Loading = ({ label }: { label: string }) => (
  <div className="bo-load-state">
    <Spinner label={label} />
  </div>
);
