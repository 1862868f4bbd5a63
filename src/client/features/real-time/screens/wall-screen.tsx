import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { wallImagePath, wallPath, type LiveMap } from '../../../../shared/contract/real-time';
import { api } from '../../../api/client';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { Loader } from '../../../ui/loader';
import { LiveFloorMap } from '../live-map';
import { useEverySoOften } from '../use-every-so-often';
import { useWallSocket } from '../wall-socket';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%' },
});

type Shown = { kind: 'loading' } | { kind: 'map'; live: LiveMap } | { kind: 'gone'; why: string };

/**
 * The wall screen (public, by a map's temporary token): the map's states now, read again on each
 * burst of its changes through its own socket and each minute. Once the token stops working
 * (realtime switched off, a new link issued) it stops showing the map and says why.
 */
export default function WallScreen() {
  const styles = useStyles();
  const t = useLabel();
  const { code = '' } = useParams();
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [trouble, setTrouble] = useState<string | null>(null);

  const read = useCallback(() => {
    api.get<LiveMap>(wallPath(code), { silent: true }).then(
      (live) => {
        setTrouble(null);
        setShown({ kind: 'map', live });
      },
      (error: unknown) => {
        // a refusal ends the screen; a network failure keeps the last states and says so
        if (
          error instanceof ApiError &&
          error.status !== null &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429
        )
          setShown({ kind: 'gone', why: errorMessage(error) });
        else setTrouble(errorMessage(error));
      },
    );
  }, [code]);
  useEffect(read, [read]);
  useWallSocket(code, read);
  useEverySoOften(read);

  return (
    <div className={styles.page}>
      {trouble && (
        <MessageBar intent="warning" role="status">
          <MessageBarBody>
            {t('real-time.wall-offline', 'The map cannot be updated right now: {reason}', {
              reason: trouble,
            })}
          </MessageBarBody>
        </MessageBar>
      )}
      {shown.kind === 'loading' && <Loader label={t('general.loading', 'Loading…')} />}
      {shown.kind === 'gone' && (
        <MessageBar intent="info" role="alert" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('real-time.wall-stopped', 'This wall screen has stopped.')}</MessageBarTitle>
            {shown.why}
          </MessageBarBody>
        </MessageBar>
      )}
      {shown.kind === 'map' && <LiveFloorMap live={shown.live} imagePath={wallImagePath(code)} />}
    </div>
  );
}
