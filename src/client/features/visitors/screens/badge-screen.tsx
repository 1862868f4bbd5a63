import { Body1, Button, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Badge } from '../../../../shared/contract/visitors';
import { errorMessage } from '../../../api/errors';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { badgePath, badgePdf, saveFile } from '../api';

const useStyles = makeStyles({
  badge: {
    display: 'flex',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
    padding: tokens.spacingVerticalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    maxWidth: '90mm',
    '@media print': { border: 'none' },
  },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, flexGrow: 1 },
  qr: { width: '30mm', height: '30mm', flexShrink: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, '@media print': { display: 'none' } },
});

/** The badge: print-ready (the browser's print) and as a PDF (POST visitors/printbadge). */
export default function BadgeScreen() {
  const styles = useStyles();
  const t = useLabel();
  const when = useWhen();
  const { visitId } = useParams();
  const badge = useApi<Badge>(badgePath(visitId));
  const [failure, setFailure] = useState<string | null>(null);
  if (!badge.data)
    return badge.error ? (
      <ErrorText message={badge.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  const { data } = badge;
  const pdf = async () => {
    try {
      saveFile(await badgePdf(data.visit_id), `badge-${data.visit_id}.pdf`);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  // the desk's clock: the day the visitor is expected there
  const date = when.date(data.starts_at, data.timezone);
  return (
    <section aria-label={t('visitors.badge', 'Visitor badge')}>
      <ErrorText message={failure} />
      <div className={styles.badge} data-testid="badge">
        <div className={styles.lines}>
          <Body1>{t('visitors.badge-visitor', 'Visitor')}</Body1>
          <Subtitle1>{data.visitor_name}</Subtitle1>
          {data.visitor_company && <Body1>{data.visitor_company}</Body1>}
          {data.host_name && (
            <Body1>{t('visitors.badge-host', 'Host: {name}', { name: data.host_name })}</Body1>
          )}
          <Body1>{data.reception_desk_name}</Body1>
          <Body1>{date}</Body1>
        </div>
        <img
          className={styles.qr}
          alt={t('visitors.badge-qr', 'QR code of the visit')}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qr_svg)}`}
        />
      </div>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => window.print()}>
          {t('visitors.print', 'Print')}
        </Button>
        <Button onClick={() => void pdf()}>{t('visitors.pdf', 'Download PDF')}</Button>
      </div>
    </section>
  );
}
