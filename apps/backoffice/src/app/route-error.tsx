import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** SPEC §8: an unexpected router error shows 'Unexpected Application Error!'. */
export const RouteError = () => {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="bo-full-page" role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
      <Link to="/invoices">Back to transactions</Link>
    </main>
  );
};
