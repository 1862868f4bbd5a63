import { Body1, Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useEverySoOften } from '../../real-time/use-every-so-often';
import { useCleanResources } from '../api';
import { useCleanStyles } from '../clean.styles';
import { CleanRuleNotice } from '../clean-rule-notice';
import { useMarkCleaned } from '../use-mark-cleaned';

/**
 * spec §2 /clean (CLEAN): the resources used since their last cleaning (a booking that ended, a
 * check-out), oldest use first within each level, each marked cleaned with one button.
 */
export default function CleanScreen() {
  const styles = useCleanStyles();
  const t = useLabel();
  const when = useWhen();
  const resources = useCleanResources();
  // uses end with no event a cleaner hears: the list reads itself again each minute
  useEverySoOften(() => void resources.mutate());
  const { mark, pending, failure, done } = useMarkCleaned(() => resources.mutate());

  if (resources.error) return <ErrorText message={errorMessage(resources.error)} />;
  if (!resources.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const rows = resources.data.data;
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <AppLink to={href('r_clean-map')}>{t('clean.show-map', 'Show on the floor maps')}</AppLink>
      </div>
      <CleanRuleNotice on={resources.data.clean_before_booking} />
      <ErrorText message={failure} />
      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
      {rows.length === 0 ? (
        <Body1 role="status">{t('clean.nothing', 'Nothing awaits cleaning.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('clean.list', 'Awaiting cleaning')}>
          {rows.map((row) => (
            <li key={row.id} className={styles.row}>
              <div className={styles.rowMain}>
                <Body1>{row.name}</Body1>
                <span className={styles.detail}>
                  {t('clean.used', '{level} · used until {time}', {
                    level: row.level_name,
                    time: when.dateTime(row.used_until),
                  })}
                </span>
                <span className={styles.detail}>
                  {row.last_cleaning
                    ? t('clean.last', 'Last cleaned {time} by {name}', {
                        time: when.dateTime(row.last_cleaning.cleaned_at),
                        name: row.last_cleaning.cleaned_by || t('clean.former-user', 'a former user'),
                      })
                    : t('clean.never', 'Not cleaned since it was first used')}
                </span>
              </div>
              <Button
                className={styles.action}
                appearance="primary"
                disabled={pending !== null}
                aria-label={t('clean.mark-named', 'Mark cleaned: {name}', { name: row.name })}
                onClick={() => void mark(row)}
              >
                {pending === row.id ? t('clean.marking', 'Saving…') : t('clean.mark', 'Mark cleaned')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
