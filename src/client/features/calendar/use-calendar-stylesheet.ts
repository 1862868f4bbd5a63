import { useEffect, useState } from 'react';

/**
 * react-big-calendar's layout stylesheet. The build has no CSS loader: webpack emits the file as an
 * asset of the app (new URL(…, import.meta.url)) and the page links it, which the CSP's
 * style-src 'self' allows. Linked once, on the first calendar shown.
 */
const STYLESHEET = new URL(
  '../../../../node_modules/react-big-calendar/lib/css/react-big-calendar.css',
  import.meta.url,
).href;

let loading: Promise<void> | null = null;

function linkStylesheet(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = STYLESHEET;
    // A failed load still shows the bookings, unstyled, rather than a spinner for ever.
    link.onload = link.onerror = () => resolve();
    // First in <head>: Fluent's own style elements come later and win where both apply.
    document.head.prepend(link);
  });
  return loading;
}

/** Whether react-big-calendar's stylesheet has loaded (the grid is drawn once it has). */
export function useCalendarStylesheet(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    void linkStylesheet().then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  return ready;
}
