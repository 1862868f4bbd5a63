import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useLabel } from '../i18n/i18n';
import { useWarning } from '../session/hooks';
import { dismissWarning } from '../session/session';

/**
 * spec §4/§8: screen errors show here with OK and Cancel; either dismisses (then the stored route, if
 * any). The shell keeps it mounted once shown, so it closes through `open` and Fluent restores the page.
 */
export function WarningModal() {
  const warning = useWarning();
  const t = useLabel();
  // The last message stays in the dialog while it fades out.
  const [shown, setShown] = useState(warning);
  if (warning !== null && warning !== shown) setShown(warning);
  return (
    <Dialog
      modalType="modal"
      open={warning !== null}
      onOpenChange={(_event, data) => !data.open && dismissWarning()}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('general.warning.title', 'Warning')}</DialogTitle>
          <DialogContent>{shown?.message}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={dismissWarning}>
              {t('general.actions.ok', 'OK')}
            </Button>
            <Button appearance="secondary" onClick={dismissWarning}>
              {t('general.actions.cancel', 'Cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
