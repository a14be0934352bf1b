import { Button, useToast } from '@paygate/ui';
import { Link, Outlet, useMatch, useNavigation } from 'react-router';
import { useLiveUpdates } from '../live/use-live-updates.ts';
import { ReauthenticationDialog } from '../reauthentication/reauthentication-dialog.tsx';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useSignOut } from '../session/use-sign-out.ts';
import { MerchantChooser } from '../workspace/merchant-chooser.tsx';
import { TerminalSelector } from '../workspace/terminal-selector.tsx';
import { SideNavigation } from './side-navigation.tsx';
import { UtcClock } from './utc-clock.tsx';

/** SPEC §2: the terminal selector shows on the invoice list and reports only. */
const useShowsTerminalSelector = () => {
  const invoices = useMatch({ path: '/invoices', end: true });
  const reports = useMatch({ path: '/reports', end: true });
  return invoices !== null || reports !== null;
};

/** SPEC §2 merchant header: the person's name, a UTC clock and, where it applies, the terminal. */
const MerchantHeader = () => {
  const person = useCurrentPerson();
  const showsTerminalSelector = useShowsTerminalSelector();
  return (
    <div className="bo-merchant-header">
      <span className="bo-person-name">
        {person.personal.firstName} {person.personal.lastName}
      </span>
      <UtcClock />
      <MerchantChooser />
      {showsTerminalSelector ? <TerminalSelector /> : null}
    </div>
  );
};

/**
 * The signed-in frame: header (logo, log out), side navigation, and the screen in the middle.
 * While it is shown the screens are kept live, alerts show as toasts (issue 25), and a security
 * action the server refuses until the person confirms who they are asks for the password
 * (decision 0019).
 */
export const AppLayout = () => {
  const { signOut } = useSignOut();
  const toast = useToast();
  useLiveUpdates({ toast });
  // A screen's chunk is fetched on the first visit (lazy-screen.ts): until it arrives the old
  // screen stays, so the bar says the click was taken.
  const navigating = useNavigation().state === 'loading';
  return (
    <div className="bo-shell">
      <header className="bo-header">
        <Link to="/invoices" className="bo-logo" aria-label="Paygate, go to transactions">
          Paygate
        </Link>
        <MerchantHeader />
        <Button variant="secondary" onClick={signOut}>
          Log out
        </Button>
      </header>
      {navigating ? (
        <div
          className="bo-navigation-progress"
          role="progressbar"
          aria-label="Opening the screen"
        />
      ) : null}
      <div className="bo-body">
        <SideNavigation />
        <main className="bo-main" id="main" aria-busy={navigating}>
          <Outlet />
        </main>
      </div>
      <ReauthenticationDialog />
    </div>
  );
};
