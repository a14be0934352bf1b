export const PaymentNotFoundPage = () => (
  <main>
    <h1>Payment not found</h1>
    <p>Check the link you were given.</p>
  </main>
);
