import { Body1, Caption1, Card, CardHeader, Subtitle2 } from '@fluentui/react-components';
import type { TeamPresence } from '../../../../shared/contract/home';
import { useLabel } from '../../../i18n/i18n';
import type { When } from '../../../i18n/format-when';
import { bookingTime } from '../../passes/booking-time';
import { useHomeStyles } from './home.styles';

/** Who of my team is in today, and where. */
export function TeamCard({ team, when }: { team: readonly TeamPresence[] | undefined; when: When }) {
  const styles = useHomeStyles();
  const t = useLabel();
  return (
    <Card aria-labelledby="home-team">
      <CardHeader
        header={
          <Subtitle2 as="h3" id="home-team">
            {t('general.home.team', 'Your team today')}
          </Subtitle2>
        }
      />
      {team === undefined ? (
        <Caption1 className={styles.muted}>{t('general.loading', 'Loading…')}</Caption1>
      ) : team.length === 0 ? (
        <Body1>{t('general.home.team-empty', 'Nobody of your team has booked a place for today yet.')}</Body1>
      ) : (
        <ul className={styles.list}>
          {team.map((person) => (
            <li key={person.user_id} className={styles.rowText}>
              <Body1>{person.name}</Body1>
              <Caption1 className={styles.muted}>
                {person.resource_name} · {bookingTime(person, when)}
              </Caption1>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
