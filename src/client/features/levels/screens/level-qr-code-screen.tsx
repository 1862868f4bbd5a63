import { Body1 } from '@fluentui/react-components';
import { useParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { Loader } from '../../../ui/loader';
import { useLevelQrCode } from '../api';
import { useLevelStyles } from './levels.styles';

/** The level's QR code (edit only): a phone scanning it opens /qrcode-read/{code} on the company host. */
export default function LevelQrCodeScreen() {
  const styles = useLevelStyles();
  const t = useLabel();
  const { level_id } = useParams();
  const qr = useLevelQrCode(level_id ? Number(level_id) : null);
  if (!qr.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <div className={styles.page}>
      <img
        className={styles.qr}
        src={qr.data.image_url}
        alt={t('levels.qr-code-image', 'QR code of the level')}
      />
      <Body1>{qr.data.code}</Body1>
    </div>
  );
}
