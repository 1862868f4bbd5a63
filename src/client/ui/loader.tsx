import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
});

/**
 * The loading indicator for anything slow (a screen, a list, a lookup). With `delayMs` it shows
 * only once that long has passed: a wait shorter than that ends without a spinner flashing by.
 */
export function Loader({ label = 'Loading…', delayMs = 0 }: { label?: string; delayMs?: number }) {
  const styles = useStyles();
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [shown, delayMs]);
  if (!shown) return null;
  return (
    <div className={styles.root}>
      <Spinner label={label} size="small" />
    </div>
  );
}
