/** Placeholder for the sign-in screen; the form itself comes with the back-office issue. */
export const LoginPage = () => (
  <main>
    <h1>Sign in</h1>
    <p>The back office is being set up.</p>
  </main>
);
