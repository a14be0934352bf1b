import type { RouteObject } from 'react-router';
import { PaymentFormPage } from '../features/payment/payment-form-page.tsx';
import { PaymentNotFoundPage } from '../features/payment/payment-not-found-page.tsx';

/** The form lives at /payment/:formId (SPEC §2); anything else is not a payment. */
export const appRoutes: RouteObject[] = [
  { path: '/payment/:formId', element: <PaymentFormPage /> },
  { path: '*', element: <PaymentNotFoundPage /> },
];
