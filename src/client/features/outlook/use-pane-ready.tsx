import { useEffect, type ReactNode } from 'react';
import { ErrorText } from '../../ui/error-text';
import { Loader } from '../../ui/loader';
import { useLabel } from '../../i18n/i18n';
import { SameUserAsMailbox } from './components/mailbox-mismatch';
import { startPane } from './pane-session';
import { usePane } from './pane-state';
import { useUserZone } from './use-meeting-format';

/** Starts the pane's meeting session once and shows its progress or failure until it is ready. */
export function PaneReady({ children }: { children: ReactNode }) {
  const t = useLabel();
  const zone = useUserZone();
  const { phase, failure } = usePane();
  useEffect(() => {
    void startPane(zone);
  }, [zone]);
  if (phase === 'loading') return <Loader label={t('outlook.loading', 'Reading the appointment…')} />;
  if (phase === 'failed') return <ErrorText message={failure} />;
  return <SameUserAsMailbox>{children}</SameUserAsMailbox>;
}
