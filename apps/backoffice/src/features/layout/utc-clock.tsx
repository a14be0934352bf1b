import { formatUtcClock } from '@paygate/domain';
import { useEffect, useState } from 'react';

/** SPEC §2: a live clock in UTC, HH:MM:SS, refreshed every second. */
export const UtcClock = ({ now = () => new Date() }: { now?: () => Date }) => {
  const [time, setTime] = useState(() => now());
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), 1_000);
    return () => clearInterval(timer);
  }, [now]);
  return (
    <span className="bo-clock">
      <span className="bo-visually-hidden">Time in UTC: </span>
      <time dateTime={time.toISOString()}>{formatUtcClock(time)}</time> UTC
    </span>
  );
};
