import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs` while mounted: relative times ("in 8 minutes") stay right while the page is open. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
