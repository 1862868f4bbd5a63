import { useEffect, useRef } from 'react';

/** Bookings start and end with no event to say so: a live map reads itself again each minute. */
export const LIVE_REFRESH_MS = 60_000;

export function useEverySoOften(refetch: () => void, everyMs = LIVE_REFRESH_MS): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);
  useEffect(() => {
    const timer = setInterval(() => latest.current(), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
}
