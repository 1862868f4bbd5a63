import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { canRevoke, showsQrCode } from '../../../../shared/booking/pass-status';
import type { SpacePass } from '../../../../shared/contract/passes';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useAuthorizedImage } from '../../../ui/use-authorized-image';
import { useSubmit } from '../../../ui/use-submit';
import { revokePass, usePass } from '../api';
import { bookingTime } from '../booking-time';
import { noQrReason, STATUS_BADGE, statusText } from '../pass-status';

const useStyles = makeStyles({
  card: { maxWidth: '480px', gap: tokens.spacingVerticalM },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  // Large and on white with its quiet zone, so a scanner at arm's length reads it off a phone.
  qrFrame: {
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'center',
    minHeight: '320px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  qr: { width: 'min(320px, 80vw)', height: 'min(320px, 80vw)', imageRendering: 'pixelated' },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** One pass: the QR code while it proves the booking, what it is for, and its revocation. */
export default function PassView({ id }: { id: number }) {
  const t = useLabel();
  const pass = usePass(id);
  if (pass.error)
    return (
      <ErrorText
        message={
          pass.error.status === 404
            ? t('passes.not-found', 'This pass was not found.')
            : errorMessage(pass.error)
        }
      />
    );
  if (!pass.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return <PassCard pass={pass.data} onChanged={() => void pass.mutate()} />;
}

function PassCard({ pass, onChanged }: { pass: SpacePass; onChanged(): void }) {
  const styles = useStyles();
  const t = useLabel();
  const when = useWhen();
  const [revoked, setRevoked] = useState(false);
  const where = [...pass.levels.map((level) => level.name), pass.resource.name].join(' / ');
  return (
    <Card className={styles.card}>
      <div className={styles.head}>
        <Title3 as="h2">{pass.resource.name}</Title3>
        <Badge appearance="tint" size="large" color={STATUS_BADGE[pass.status]}>
          {statusText(t, pass.status)}
        </Badge>
      </div>
      {showsQrCode(pass.status) && pass.qr_code_url ? (
        <PassQrCode path={pass.qr_code_url} name={pass.resource.name} />
      ) : (
        <MessageBar intent={pass.status === 'pending' ? 'warning' : 'info'}>
          <MessageBarBody>{noQrReason(t, pass.status)}</MessageBarBody>
        </MessageBar>
      )}
      {revoked && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>
            {t('passes.revoked-done', 'The pass is revoked. Your booking is unchanged.')}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.details}>
        <Body1>{bookingTime(pass, when)}</Body1>
        <Caption1>{where}</Caption1>
        {pass.resource.type && <Caption1>{pass.resource.type}</Caption1>}
        <Caption1>{t('passes.holder', 'Holder: {name}', { name: pass.holder.name })}</Caption1>
        <Caption1>{t('passes.zone', 'Times in {zone}', { zone: pass.timezone })}</Caption1>
      </div>
      <div className={styles.actions}>
        <AppLink to={href('r_actions', { declaration_id: pass.declaration_id })}>
          {t('passes.booking-actions', 'Check in, extend or cancel the booking')}
        </AppLink>
        {canRevoke(pass.status) && (
          <RevokeButton
            pass={pass}
            onRevoked={() => {
              setRevoked(true);
              onChanged();
            }}
          />
        )}
        <AppLink to={href('r_pass')}>{t('passes.all', 'All my passes')}</AppLink>
      </div>
    </Card>
  );
}

function PassQrCode({ path, name }: { path: string; name: string }) {
  const styles = useStyles();
  const t = useLabel();
  const image = useAuthorizedImage(path);
  return (
    <div className={styles.qrFrame}>
      {image.loading && <Spinner size="small" label={t('passes.qr-loading', 'Drawing the QR code…')} />}
      {image.url && (
        <img
          className={styles.qr}
          src={image.url}
          alt={t('passes.qr-alt', 'QR code of the pass for {name}', { name })}
        />
      )}
      {image.error && <ErrorText message={t('passes.qr-failed', 'The QR code could not be shown.')} />}
    </div>
  );
}

/** spec §7 DELETE space-passes/{id}, confirmed first: what goes and what stays is said before. */
function RevokeButton({ pass, onRevoked }: { pass: SpacePass; onRevoked(): void }) {
  const t = useLabel();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const { pending, failure, setFailure, run } = useSubmit();
  const revoke = () =>
    run(
      async () => {
        await revokePass(pass.id);
        setOpen(false);
        onRevoked();
      },
      undefined,
      { failure: 'all' },
    );
  return (
    <>
      <Button
        icon={<Dismiss20Regular aria-hidden />}
        onClick={() => {
          setFailure(null);
          setAsked(true);
          setOpen(true);
        }}
      >
        {t('passes.revoke', 'Revoke pass')}
      </Button>
      {/* Mounted once asked for: before that, tabster's focus sentinels would be on the screen. */}
      {asked && (
        <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)} modalType="alert">
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{t('passes.revoke-title', 'Revoke this pass?')}</DialogTitle>
              <DialogContent>
                <Body1>
                  {t(
                    'passes.revoke-text',
                    'The pass for {name} stops proving your booking and leaves your list; it cannot be restored. The booking itself stays: cancel it from the booking if you no longer need the place.',
                    { name: pass.resource.name },
                  )}
                </Body1>
                <ErrorText message={failure} />
              </DialogContent>
              <DialogActions>
                <Button
                  appearance="primary"
                  disabled={pending}
                  aria-busy={pending || undefined}
                  icon={pending ? <Spinner size="tiny" aria-hidden /> : undefined}
                  onClick={() => void revoke()}
                >
                  {t('passes.revoke', 'Revoke pass')}
                </Button>
                <Button disabled={pending} onClick={() => setOpen(false)}>
                  {t('passes.keep', 'Keep the pass')}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </>
  );
}
