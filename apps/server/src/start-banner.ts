const SITE_TITLES: Record<string, string> = {
  backoffice: 'Back office',
  'payment-form': 'Payment form',
};

const SITE_PATH_HINTS: Record<string, string> = {
  backoffice: '/login',
  'payment-form': '/payment/<formId>',
};

export interface StartBannerInput {
  apiAddress: string;
  sites: Array<{ name: string; address: string }>;
}

/** What the start command prints once everything listens: where to go next. */
export const formatStartBanner = ({ apiAddress, sites }: StartBannerInput): string => {
  const rows = [
    ['API', `${apiAddress}/api/health`],
    ...sites.map(({ name, address }) => [
      SITE_TITLES[name] ?? name,
      `${address}${SITE_PATH_HINTS[name] ?? '/'}`,
    ]),
  ];
  const width = Math.max(...rows.map(([title]) => title?.length ?? 0));
  const lines = rows.map(([title = '', url = '']) => `  ${title.padEnd(width)}  ${url}`);
  return ['', 'Ready:', ...lines, ''].join('\n').concat('\n');
};
