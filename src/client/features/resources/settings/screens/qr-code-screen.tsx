import { useLabel } from '../../../../i18n/i18n';
import { ErrorText } from '../../../../ui/error-text';
import { Loader } from '../../../../ui/loader';
import { QrCodeCard } from '../../../../ui/qr-code-card';
import { useResource, useResourceQrCode } from '../api';
import { useSettingsStyles } from '../settings.styles';
import { failureMessage, useResourceId } from './parts';

/** qr-code: the resource's code to print and stick on it; scanning it opens the resource. */
export default function QrCodeScreen() {
  const styles = useSettingsStyles();
  const t = useLabel();
  const id = useResourceId();
  const qr = useResourceQrCode(id);
  const resource = useResource(id);
  if (qr.error) return <ErrorText message={failureMessage(qr.error)} />;
  if (!qr.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <div className={styles.page}>
      <QrCodeCard
        info={qr.data}
        caption={resource.data ? `${resource.data.name} · ${resource.data.level.path}` : undefined}
        alt={t('resource-settings.qr-code-image', 'QR code of the resource')}
      />
    </div>
  );
}
