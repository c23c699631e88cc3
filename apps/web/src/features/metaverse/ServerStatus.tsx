import { useServerHealth } from './useServerHealth.ts';

/** One line saying whether the campus server answers, and which version it runs. */
export function ServerStatus() {
  const health = useServerHealth();

  let tone: 'pending' | 'ok' | 'down' = 'pending';
  let text = 'Checking the campus server…';
  if (health.isSuccess) {
    tone = 'ok';
    text = `Campus server online · version ${health.data.version}`;
  } else if (health.isError) {
    tone = 'down';
    text = 'The campus server is not answering right now.';
  }

  return (
    <p className={`server-status server-status--${tone}`} role="status">
      <span className="server-status__dot" aria-hidden="true" />
      {text}
    </p>
  );
}
