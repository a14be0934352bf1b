import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { LoginPage } from '../features/session/login-page.tsx';
import {
  FullPageLoading,
  PublicOnly,
  RequireSession,
} from '../features/session/session-guards.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { RouteError } from './route-error.tsx';

/**
 * The route table of SPEC §2, one code-split chunk per screen. Unknown routes go to login, which
 * forwards a signed-in person to the invoice list.
 */
export const appRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoading />,
    children: [
      { element: <PublicOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
      {
        // A one-time set-password link (issue 22): opened signed in or not.
        path: '/password-reset/:token',
        lazy: lazyScreen(
          'set-password',
          async () => (await import('../features/session/set-password-page.tsx')).SetPasswordPage,
        ),
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                path: '/invoices',
                lazy: lazyScreen(
                  'invoices',
                  async () =>
                    (await import('../features/invoices/list/invoice-list-page.tsx'))
                      .InvoiceListPage,
                ),
              },
              {
                path: '/invoices/:id',
                lazy: lazyScreen(
                  'invoice-details',
                  async () =>
                    (await import('../features/invoices/details/invoice-details-page.tsx'))
                      .InvoiceDetailsPage,
                ),
              },
              {
                path: '/reports',
                lazy: lazyScreen(
                  'reports',
                  async () => (await import('../features/reports/reports-page.tsx')).ReportsPage,
                ),
              },
              {
                // Decision 0029: one balance's movements, the balance statement on screen.
                path: '/balance-movements',
                lazy: lazyScreen(
                  'balance-movements',
                  async () =>
                    (await import('../features/balance-movements/balance-movements-page.tsx'))
                      .BalanceMovementsPage,
                ),
              },
              {
                path: '/merchant',
                lazy: lazyScreen(
                  'merchant',
                  async () => (await import('../features/merchant/merchant-page.tsx')).MerchantPage,
                ),
              },
              {
                path: '/settings',
                lazy: lazyScreen(
                  'settings',
                  async () => (await import('../features/settings/settings-page.tsx')).SettingsPage,
                ),
              },
              {
                path: '/settings/change-password',
                lazy: lazyScreen(
                  'change-password',
                  async () =>
                    (await import('../features/settings/change-password-page.tsx'))
                      .ChangePasswordPage,
                ),
              },
              {
                path: '/settings/security',
                lazy: lazyScreen(
                  'security',
                  async () => (await import('../features/settings/security-page.tsx')).SecurityPage,
                ),
              },
              {
                path: '/users',
                lazy: lazyScreen(
                  'users',
                  async () => (await import('../features/users/users-page.tsx')).UsersPage,
                ),
              },
              {
                path: '/users/:id',
                lazy: lazyScreen(
                  'user-details',
                  async () =>
                    (await import('../features/users/user-details-page.tsx')).UserDetailsPage,
                ),
              },
              {
                path: '/roles',
                lazy: lazyScreen(
                  'roles',
                  async () => (await import('../features/roles/roles-page.tsx')).RolesPage,
                ),
              },
              {
                path: '/audit',
                lazy: lazyScreen(
                  'audit',
                  async () => (await import('../features/audit/audit-log-page.tsx')).AuditLogPage,
                ),
              },
              {
                path: '/developers',
                lazy: lazyScreen(
                  'developers',
                  async () =>
                    (await import('../features/developers/developers-page.tsx')).DevelopersPage,
                ),
              },
              {
                path: '/notifications',
                lazy: lazyScreen(
                  'notifications',
                  async () =>
                    (await import('../features/notifications/notifications-page.tsx'))
                      .NotificationsPage,
                ),
              },
              {
                path: '/terminals',
                lazy: lazyScreen(
                  'terminals',
                  async () =>
                    (await import('../features/terminals/terminals-page.tsx')).TerminalsPage,
                ),
              },
              {
                path: '/monitoring',
                lazy: lazyScreen(
                  'monitoring',
                  async () =>
                    (await import('../features/monitoring/monitoring-page.tsx')).MonitoringPage,
                ),
              },
              {
                path: '/accounts',
                lazy: lazyScreen(
                  'accounts',
                  async () => (await import('../features/accounts/accounts-page.tsx')).AccountsPage,
                ),
              },
              {
                path: '/accounts/:id',
                lazy: lazyScreen(
                  'account-details',
                  async () =>
                    (await import('../features/accounts/account-details-page.tsx'))
                      .AccountDetailsPage,
                ),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];
