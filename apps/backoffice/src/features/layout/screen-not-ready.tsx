/** A navigation target whose screen is not built yet: says so instead of bouncing to login. */
export const ScreenNotReady = ({ title }: { title: string }) => (
  <section aria-labelledby="screen-title">
    <h1 id="screen-title">{title}</h1>
    <p role="status">This screen is not available yet.</p>
  </section>
);
