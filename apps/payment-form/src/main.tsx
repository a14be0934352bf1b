import type { Language } from '@paygate/domain';
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

/**
 * What the page says when its language chunk does not arrive: the only texts that cannot wait
 * for it, so they are here, in each language.
 */
const LOAD_FAILURE_TEXTS: Record<Language, { message: string; reload: string }> = {
  en: { message: 'The page could not be loaded. Check your connection.', reload: 'Reload' },
  ru: {
    message: 'Не удалось загрузить страницу. Проверьте подключение к интернету.',
    reload: 'Перезагрузить',
  },
  uz: {
    message: 'Sahifani yuklab boʻlmadi. Internet aloqasini tekshiring.',
    reload: 'Qayta yuklash',
  },
};

/** The language chunk did not arrive: say so in the page's language and offer a reload. */
const showLoadFailure = () => {
  const texts = LOAD_FAILURE_TEXTS[language];
  const message = document.createElement('p');
  message.textContent = texts.message;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = texts.reload;
  reload.addEventListener('click', () => window.location.reload());
  container.replaceChildren(message, reload);
};

/**
 * The page's React root once it renders (none when the language failed). Exported for the tests,
 * which unmount it: an open form's timers (the deadline, the status poll) would otherwise outlive
 * a test's document.
 */
export const mountedRoot = createI18n(language).then(
  (i18n) => {
    document.title = i18n.t('form.title');
    const root = createRoot(container);
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <App formId={formId} formRequest={formRequest} />
        </I18nProvider>
      </StrictMode>,
    );
    return root;
  },
  () => {
    showLoadFailure();
    return undefined;
  },
);
