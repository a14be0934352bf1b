import { useGetMerchantsQuery } from '@paygate/api';
import { hasPermission } from '@paygate/domain';
import { EmptyState, Tabs } from '@paygate/ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { MerchantScopePending } from '../workspace/merchant-scope-pending.tsx';
import { ApiKeysSection } from './api-keys-section.tsx';
import { DEVELOPER_TEXTS } from './developer-texts.ts';
import { WebhookEndpointsSection } from './webhook-endpoints-section.tsx';
import { WebhookEventsSection } from './webhook-events-section.tsx';
import { WebhookSecretSection } from './webhook-secret-section.tsx';
import './developers.css';

/** The tabs of the screen, in order; the URL's `tab` holds the chosen one (the first if none). */
export const DEVELOPER_TABS = [
  { key: 'api-keys', label: DEVELOPER_TEXTS.apiKeys },
  { key: 'webhook-secret', label: DEVELOPER_TEXTS.webhookSecret },
  { key: 'endpoints', label: DEVELOPER_TEXTS.endpoints },
  { key: 'events', label: DEVELOPER_TEXTS.events },
] as const;

export type DeveloperTab = (typeof DEVELOPER_TABS)[number]['key'];

const tabOf = (value: string | null): DeveloperTab =>
  DEVELOPER_TABS.find((tab) => tab.key === value)?.key ?? 'api-keys';

const DevelopersHeading = () => (
  <div className="bo-developers-toolbar">
    <h1 id="developers-title">{DEVELOPER_TEXTS.title}</h1>
  </div>
);

const TabPanel = ({ tab, merchantId }: { tab: DeveloperTab; merchantId: number | undefined }) => {
  switch (tab) {
    case 'api-keys':
      return <ApiKeysSection merchantId={merchantId} />;
    case 'webhook-secret':
      return <WebhookSecretSection merchantId={merchantId} />;
    case 'endpoints':
      return <WebhookEndpointsSection merchantId={merchantId} />;
    case 'events':
      return <WebhookEventsSection merchantId={merchantId} />;
  }
};

/** Which merchant the screen acts on, for a merchant.rw.all holder (chosen in the header). */
const ChosenMerchant = ({ merchantId }: { merchantId: number }) => {
  const merchants = useGetMerchantsQuery();
  const name =
    merchants.data?.items.find((merchant) => merchant.id === merchantId)?.name ??
    `Merchant ${merchantId}`;
  return (
    <p className="bo-developers-note bo-developers-merchant">
      Merchant: <strong>{name}</strong>. Choose another one with the Merchant selector at the top of
      the page.
    </p>
  );
};

const DevelopersScreen = () => {
  const { merchantId, ready, choosesMerchant } = useMerchantScope();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));

  let content: ReactNode;
  if (!ready) {
    content = <MerchantScopePending loadingLabel={DEVELOPER_TEXTS.loadingMerchants} />;
  } else if (choosesMerchant && merchantId === undefined) {
    content = <EmptyState text={DEVELOPER_TEXTS.noMerchant} />;
  } else {
    content = (
      <>
        {choosesMerchant && merchantId !== undefined ? (
          <ChosenMerchant merchantId={merchantId} />
        ) : null}
        <Tabs
          label={DEVELOPER_TEXTS.tabs}
          items={DEVELOPER_TABS}
          selectedKey={tab}
          // A tab's own view (e.g. the events' page) does not carry over to another tab.
          onSelect={(key) => setParams(key === 'api-keys' ? {} : { tab: key })}
          className="bo-developers-tabs"
          panelClassName="bo-developers-panel"
          // Another merchant: every section starts afresh (no dialog of the previous one stays).
          renderPanel={(key) => (
            <TabPanel key={merchantId ?? 'own'} tab={key} merchantId={merchantId} />
          )}
        />
      </>
    );
  }

  return (
    <section className="bo-developers" aria-labelledby="developers-title">
      <DevelopersHeading />
      {content}
    </section>
  );
};

/**
 * /developers (issue 23 items 1 and 2, merchant.keys): API keys, the webhook signing secret,
 * webhook endpoints and the events sent. A merchant.rw.all holder acts on the merchant chosen in
 * the header; while the merchant list cannot load, the screen says why with Try again. Without
 * merchant.keys the screen says so and makes no call.
 */
export const DevelopersPage = () => {
  const person = useCurrentPerson();
  if (!hasPermission(person, 'merchant.keys')) {
    return (
      <section className="bo-developers" aria-labelledby="developers-title">
        <DevelopersHeading />
        <EmptyState text={DEVELOPER_TEXTS.noAccess} />
      </section>
    );
  }
  return <DevelopersScreen />;
};
