import { Body1, Button, Caption1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { Print20Regular } from '@fluentui/react-icons';
import type { QrCodeInfo } from '../../shared/contract/qr-codes';
import { useLabel } from '../i18n/i18n';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalS,
    // Printed alone: the card covers the page (menu, header) on paper.
    '@media print': {
      position: 'fixed',
      inset: 0,
      zIndex: 1000,
      alignItems: 'center',
      justifyContent: 'center',
      backgroundColor: tokens.colorNeutralBackground1,
    },
  },
  qr: { width: '240px', height: '240px', backgroundColor: tokens.colorNeutralBackground1 },
  url: { wordBreak: 'break-all' },
  print: { '@media print': { display: 'none' } },
});

/**
 * A QR code (a level's, a resource's) as it is stuck on a door or a desk: the image, the code, the
 * address a phone opens when scanning it, and a print button.
 */
export function QrCodeCard({ info, alt, caption }: { info: QrCodeInfo; alt: string; caption?: string }) {
  const styles = useStyles();
  const t = useLabel();
  return (
    <div className={styles.card}>
      {caption && <Body1>{caption}</Body1>}
      <img className={styles.qr} src={info.image_url} alt={alt} />
      <Body1>{info.code}</Body1>
      <Caption1 className={styles.url}>
        <Link href={info.read_url} target="_blank" rel="noreferrer">
          {info.read_url}
        </Link>
      </Caption1>
      <Button className={styles.print} icon={<Print20Regular aria-hidden />} onClick={() => window.print()}>
        {t('qr-code.print', 'Print')}
      </Button>
    </div>
  );
}
