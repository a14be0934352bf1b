import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/session/login-page.tsx';

/** Route table of SPEC §2; screens arrive feature by feature. Unknown routes go to login. */
export const appRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '*', element: <Navigate to="/login" replace /> },
];
