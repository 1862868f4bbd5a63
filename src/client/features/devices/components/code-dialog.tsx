import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import type { DeviceWithCode } from '../../../../shared/contract/devices';
import { useLabel } from '../../../i18n/i18n';

const useStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    alignItems: 'flex-start',
  },
  qr: { width: '200px', height: '200px', backgroundColor: tokens.colorNeutralBackground1 },
  url: { wordBreak: 'break-all' },
});

/** The display's address and its QR code, shown once: after registering it or giving it a new code. */
export function CodeDialog({ device, onClose }: { device: DeviceWithCode; onClose: () => void }) {
  const styles = useStyles();
  const t = useLabel();
  const image = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(device.url, 'Byte');
    qr.make();
    return qr.createDataURL(6, 4);
  }, [device.url]);
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('devices.code.title', 'Open this address on the display')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>
              {t(
                'devices.code.once',
                'This address is shown only now. Open it on the tablet of {name}, or scan the QR code with it.',
                { name: device.name },
              )}
            </Body1>
            <img
              className={styles.qr}
              src={image}
              alt={t('devices.code.qr', 'QR code of the address of {name}', { name: device.name })}
            />
            <Link
              className={styles.url}
              href={device.url}
              target="_blank"
              rel="noreferrer"
              data-testid="display-url"
            >
              {device.url}
            </Link>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('devices.code.done', 'Done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
