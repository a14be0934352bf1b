import { computeSupportCode } from '@paygate/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/app.tsx';
import { createI18n, I18nProvider } from '../../i18n/i18n.tsx';
import {
  CARD_CREDENTIALS,
  data,
  FORM_ID,
  failure,
  formData,
  HUMO,
  stubPaymentServer,
} from '../../testing/payment-server.ts';
import { fetchPaymentForm } from './payment-api.ts';

afterEach(() => vi.unstubAllGlobals());

/** As main.tsx renders the form: StrictMode, and the init request started before the render. */
const renderAsMainDoes = async () => {
  const formRequest = fetchPaymentForm(FORM_ID);
  render(
    <StrictMode>
      <I18nProvider i18n={await createI18n('en')}>
        <App formId={FORM_ID} formRequest={formRequest} />
      </I18nProvider>
    </StrictMode>,
  );
};

/** Real timers and real Web Crypto, in StrictMode as main.tsx renders. */
describe('usePaymentFlow in the browser set-up', () => {
  it('sends the support code of the form id and verficationKey (Web Crypto)', async () => {
    const server = stubPaymentServer({
      'POST init': data(formData({ methods: [HUMO] })),
      'POST credential': data(formData({ credentials: CARD_CREDENTIALS })),
    });
    await renderAsMainDoes();
    await userEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    expect(await screen.findByRole('heading', { name: 'Payment details' })).toBeInTheDocument();
    // The init request main.tsx started is the only one, StrictMode or not.
    expect(server.callsTo('POST init')).toHaveLength(1);
    await waitFor(() => expect(server.callsTo('POST credential')).toHaveLength(1));
    expect(server.callsTo('POST credential')[0]?.body).toMatchObject({
      supportCode: await computeSupportCode(FORM_ID, 'key-1'),
    });
  });

  it("reads the payment anew after a 409, not main.tsx's first answer again", async () => {
    const reserved = formData({
      methods: [HUMO],
      status: 'IN_PROGRESS',
      paymentMethodName: 'Humo',
      credentials: CARD_CREDENTIALS,
    });
    const server = stubPaymentServer({
      'POST init': (_body, call) => data(call === 0 ? formData({ methods: [HUMO] }) : reserved),
      'POST credential': (_body, call) =>
        call === 0
          ? failure(409, 'A payment method has already been chosen', 'payment_method_chosen')
          : data(reserved),
    });
    await renderAsMainDoes();
    await userEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('8600 1234 1234 1234')).toBeInTheDocument();
    expect(server.callsTo('POST init')).toHaveLength(2);
  });
});
