import { errorMessageOf, problemOf, requestIdOf } from '@paygate/api';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/**
 * SPEC §8: an unexpected router error shows 'Unexpected Application Error!'. An API error that
 * reached the router shows the problem's detail and its request id, which support looks up in
 * the server's log (decision 0020).
 */
export const RouteError = () => {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : problemOf(error)
        ? errorMessageOf(error)
        : String(error);
  const requestId = requestIdOf(error);
  return (
    <main className="bo-full-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
      {requestId ? (
        <p>
          Request ID: <code>{requestId}</code>
        </p>
      ) : null}
      <Link to="/invoices">Back to transactions</Link>
    </main>
  );
};
