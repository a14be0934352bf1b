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
  /** Demo sign-ins to list; empty outside the demo. */
  logins?: Array<{ username: string; password: string; role: string }>;
}

/** What the start command prints once everything listens: where to go next. */
export const formatStartBanner = ({ apiAddress, sites, logins = [] }: StartBannerInput): string => {
  const rows = [
    ['API', `${apiAddress}/api/health`],
    ['API docs', `${apiAddress}/api/docs`],
    ...sites.map(({ name, address }) => [
      SITE_TITLES[name] ?? name,
      `${address}${SITE_PATH_HINTS[name] ?? '/'}`,
    ]),
  ];
  const width = Math.max(...rows.map(([title]) => title?.length ?? 0));
  const lines = rows.map(([title = '', url = '']) => `  ${title.padEnd(width)}  ${url}`);
  const loginLines =
    logins.length === 0
      ? []
      : [
          '',
          'Demo sign-ins (username / password):',
          ...logins.map(
            ({ username, password, role }) =>
              `  ${username.padEnd(10)} ${password.padEnd(16)} ${role}`,
          ),
        ];
  return ['', 'Ready:', ...lines, ...loginLines, ''].join('\n').concat('\n');
};
