import { errorMessageOf, peopleApi, useSetTestDashboardMutation } from '@paygate/api';
import { Switch, useToast } from '@paygate/ui';
import { useId } from 'react';
import { useAppDispatch } from '../../app/store.ts';
import { useCurrentPerson } from '../session/current-person.tsx';

/** SPEC §8 'Other successes'. */
export const TEST_DASHBOARD_CHANGED = 'Successfully changed';
export const TEST_DASHBOARD_FAILED = 'Failed to change the test-dashboard mode';

/**
 * SPEC §4: the person's test-dashboard mode (the finance tiles count test-processing invoices
 * only while it is on). The switch sends the wanted value (not `{}`, which
 * toggles on the server and could undo a double click), then puts the answered person into the
 * cache at once; the endpoint also invalidates the person and the dashboard figures.
 */
export const DashboardTestModeSwitch = () => {
  const person = useCurrentPerson();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const hintId = useId();
  const [setTestDashboard, { isLoading, originalArgs }] = useSetTestDashboardMutation();
  // While the call runs, show the value asked for, so the switch answers the click at once.
  const checked = isLoading
    ? (originalArgs?.testDashboard ?? person.testDashboard)
    : person.testDashboard;

  const change = async (testDashboard: boolean) => {
    try {
      const updated = await setTestDashboard({ testDashboard }).unwrap();
      dispatch(peopleApi.util.upsertQueryData('getCurrentPerson', undefined, updated));
      toast.success(TEST_DASHBOARD_CHANGED);
    } catch (error) {
      toast.error(errorMessageOf(error, TEST_DASHBOARD_FAILED));
    }
  };

  return (
    <div className="bo-settings__switch">
      <Switch
        checked={checked}
        onCheckedChange={(next) => void change(next)}
        label="Test dashboard mode"
        disabled={isLoading}
        aria-busy={isLoading || undefined}
        aria-describedby={hintId}
      />
      <p id={hintId} className="bo-settings__hint">
        When on, the dashboard's balance, deposit and withdrawal figures count test-processing
        invoices only.
      </p>
    </div>
  );
};
