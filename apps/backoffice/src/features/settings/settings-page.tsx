import { Link } from 'react-router';
import { DashboardTestModeSwitch } from './dashboard-test-mode-switch.tsx';
import './settings.css';

/**
 * SPEC §2 Settings: a link to Change password, and the person's test-dashboard mode (SPEC §4);
 * next to Change password, Security (issue 22: the person's sessions).
 */
export const SettingsPage = () => (
  <section aria-labelledby="settings-title" className="bo-settings">
    <h1 id="settings-title">Settings</h1>
    <section aria-labelledby="settings-account" className="bo-settings__group">
      <h2 id="settings-account">Account</h2>
      <ul className="bo-settings__links">
        <li>
          <Link to="/settings/change-password">Change password</Link>
        </li>
        <li>
          <Link to="/settings/security">Security</Link>
        </li>
        <li>
          <Link to="/notifications">Notifications</Link>
        </li>
      </ul>
    </section>
    <section aria-labelledby="settings-dashboard" className="bo-settings__group">
      <h2 id="settings-dashboard">Dashboard</h2>
      <DashboardTestModeSwitch />
    </section>
  </section>
);
