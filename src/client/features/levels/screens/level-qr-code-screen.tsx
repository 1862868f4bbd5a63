import { useParams } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { QrCodeCard } from '../../../ui/qr-code-card';
import { useLevelQrCode } from '../api';

/** The level's QR code (edit only): a phone scanning it opens /qrcode-read/{code} on the company host. */
export default function LevelQrCodeScreen() {
  const t = useLabel();
  const { level_id } = useParams();
  const qr = useLevelQrCode(level_id ? Number(level_id) : null);
  if (qr.error) return <ErrorText message={qr.error.message} />;
  if (!qr.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return <QrCodeCard info={qr.data} alt={t('levels.qr-code-image', 'QR code of the level')} />;
}
