import { useParams } from 'react-router';

/** Placeholder for the payment steps; they come with the payment-form issue. */
export const PaymentFormPage = () => {
  const { formId } = useParams();
  return (
    <main>
      <h1>Payment</h1>
      <p>
        Form <code>{formId}</code> is loading.
      </p>
    </main>
  );
};
