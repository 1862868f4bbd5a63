import {
  Body1,
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { Copy20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { mapsPath, type FloorMapList } from '../../../../shared/contract/maps';
import { errorMessage } from '../../../api/errors';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';
import { Loader } from '../../../ui/loader';
import { PAGE_STYLES } from '../../../ui/page.styles';
import { issueWallToken, switchRealtime } from '../api';

const useStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  row: { ...LIST_ROW_STYLES.row, gridTemplateColumns: 'minmax(0, 1fr)' },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  link: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  linkField: { flexGrow: 1, minWidth: '200px' },
});

/**
 * spec §2 /real-time (REAL_TIME): the company's floor maps, each with its realtime switch. Switching
 * it on issues the link a wall screen opens without signing in (spec §4: enabling fetches a temporary
 * token); the link is shown once, a new one replaces it, switching off stops every wall screen.
 */
export default function RealTimeScreen() {
  const styles = useStyles();
  const t = useLabel();
  const maps = useApi<FloorMapList>(mapsPath);
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [links, setLinks] = useState<Record<number, string>>({});
  const [copied, setCopied] = useState<number | null>(null);

  const wallUrl = (code: string) => `${window.location.origin}${href('r_real-time-wall', { code })}`;

  const run = async (mapId: number, work: () => Promise<void>) => {
    setBusy(mapId);
    setFailure(null);
    setCopied(null);
    try {
      await work();
      await maps.mutate();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const toggle = (mapId: number, on: boolean) =>
    run(mapId, async () => {
      const { token } = await switchRealtime(mapId, on);
      setLinks((current) => {
        const next = { ...current };
        if (token) next[mapId] = wallUrl(token);
        else delete next[mapId];
        return next;
      });
    });
  const renew = (mapId: number) =>
    run(mapId, async () => {
      const token = await issueWallToken(mapId);
      setLinks((current) => ({ ...current, [mapId]: wallUrl(token) }));
    });
  const copy = async (mapId: number) => {
    await navigator.clipboard.writeText(links[mapId]!).catch(() => undefined);
    setCopied(mapId);
  };

  if (maps.error) return <ErrorText message={errorMessage(maps.error)} />;
  if (!maps.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <div className={styles.page}>
      <Body1>
        {t(
          'real-time.intro',
          'A real-time map shows, live, which places are free, booked, checked in or released. Switch it on to get a link for a wall screen: the screen needs no sign-in and shows only that map.',
        )}
      </Body1>
      <ErrorText message={failure} />
      {maps.data.data.length === 0 ? (
        <Body1 role="status">{t('real-time.no-maps', 'No floor maps yet: add one to a level first.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('real-time.maps', 'Floor maps')}>
          {maps.data.data.map((map) => {
            const on = map.realtime === 1;
            const link = links[map.id];
            return (
              <li key={map.id} className={styles.row}>
                <div className={styles.rowMain}>
                  <Body1>{map.name}</Body1>
                  <div className={styles.controls}>
                    <Switch
                      checked={on}
                      disabled={busy === map.id}
                      label={t('real-time.switch', 'Real-time for wall screens')}
                      onChange={(_event, data) => void toggle(map.id, data.checked)}
                    />
                    <AppLink to={href('r_real-time-map', { mapId: map.id })}>
                      {t('real-time.open', 'Show {name} live', { name: map.name })}
                    </AppLink>
                    {on && (
                      <Button disabled={busy === map.id} onClick={() => void renew(map.id)}>
                        {t('real-time.new-link', 'New wall screen link')}
                      </Button>
                    )}
                  </div>
                  {busy === map.id && <Loader label={t('real-time.saving', 'Saving…')} />}
                  {on && link && (
                    <div className={styles.link}>
                      <Field
                        className={styles.linkField}
                        label={t('real-time.link', 'Wall screen link for {name}', { name: map.name })}
                        hint={t(
                          'real-time.link-hint',
                          'Shown once: open it on the wall screen now. A new link stops this one; switching real-time off stops every wall screen at once.',
                        )}
                      >
                        <Input readOnly value={link} data-testid="wall-link" />
                      </Field>
                      <Button icon={<Copy20Regular />} onClick={() => void copy(map.id)}>
                        {t('real-time.copy', 'Copy')}
                      </Button>
                    </div>
                  )}
                  {copied === map.id && (
                    <MessageBar intent="success" role="status">
                      <MessageBarBody>{t('real-time.copied', 'The link is copied.')}</MessageBarBody>
                    </MessageBar>
                  )}
                  {on && !link && (
                    <Caption1 className={styles.detail}>
                      {t(
                        'real-time.link-elsewhere',
                        'Wall screens opened with its link show this map. Ask for a new link to set up another screen.',
                      )}
                    </Caption1>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
