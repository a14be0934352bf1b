import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, formIdOfPath } from './app/app.tsx';
import './app/payment-form.css';
import { fetchPaymentForm } from './features/payment/payment-api.ts';
import { createI18n, I18nProvider, languageFromSearch } from './i18n/i18n.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const formId = formIdOfPath(window.location.pathname);
const language = languageFromSearch(window.location.search);
document.documentElement.lang = language;

// The form's data and its language load together: one round trip less on a slow network.
const formRequest = formId ? fetchPaymentForm(formId) : undefined;
// Failures are the page's to show once it renders; this only marks the rejection as handled.
formRequest?.catch(() => undefined);

/** The language chunk did not arrive: say so (no translations yet) and offer a reload. */
const showLoadFailure = () => {
  const message = document.createElement('p');
  message.textContent = 'The page could not be loaded. Check your connection.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  container.replaceChildren(message, reload);
};

createI18n(language).then((i18n) => {
  document.title = i18n.t('form.title');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App formId={formId} formRequest={formRequest} />
      </I18nProvider>
    </StrictMode>,
  );
}, showLoadFailure);
