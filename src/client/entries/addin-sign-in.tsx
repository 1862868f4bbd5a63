import { FluentProvider } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DialogDone, DialogSignIn, sendToPane } from '../features/general/components/dialog-sign-in';
import { loadLoginLabels } from '../features/general/login-labels';
import { officeReady } from '../office/office';
import { theme } from '../ui/theme';

/**
 * The Outlook add-in's sign-in dialog (addin-sign-in.html, on the pane's origin). Back from a
 * company's identity provider it carries a hand-over code, which goes straight to the pane;
 * otherwise it asks for the address (and the password where no single sign-on applies).
 */
async function start(): Promise<void> {
  const labels = loadLoginLabels();
  const inOutlook = await officeReady().then(
    () => true,
    () => false,
  );
  const params = new URLSearchParams(window.location.search);
  const code = params.get('handover');
  const subdomain = params.get('subdomain');
  let view;
  if (code && subdomain) {
    const sent = inOutlook && sendToPane({ kind: 'handover', subdomain, handover_code: code });
    view = <DialogDone sent={sent} />;
  } else {
    await labels;
    view = <DialogSignIn returned={params.get('message')} />;
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <FluentProvider theme={theme} dir={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}>
        {view}
      </FluentProvider>
    </StrictMode>,
  );
}

void start();
