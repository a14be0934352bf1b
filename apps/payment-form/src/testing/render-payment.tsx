import type { Language } from '@paygate/domain';
import { render } from '@testing-library/react';
import { App } from '../app/app.tsx';
import { createI18n, I18nProvider, type Translate } from '../i18n/i18n.tsx';
import { FORM_ID } from './payment-server.ts';

/** Renders the form as main.tsx does, in `language`; gives back its `t` to find texts. */
export const renderPayment = async ({
  language = 'en',
  formId = FORM_ID,
}: {
  language?: Language;
  formId?: string | null;
} = {}): Promise<{ t: Translate; unmount: () => void }> => {
  const i18n = await createI18n(language);
  const { unmount } = render(
    <I18nProvider i18n={i18n}>
      <App formId={formId} />
    </I18nProvider>,
  );
  return { t: i18n.t, unmount };
};
