import { Body1, Caption1, Subtitle2, tokens } from '@fluentui/react-components';
import { useSearchParams } from 'react-router-dom';
import { mapImagePath, mapsPath, type FloorMap } from '../../../../shared/contract/maps';
import type { PersonPlace } from '../../../../shared/contract/one-click';
import { errorMessage } from '../../../api/errors';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { FloorPlan } from '../../../ui/floor-plan';
import { Loader } from '../../../ui/loader';
import { usePerson } from '../api';
import { useOneClickStyles } from '../one-click.styles';

/**
 * spec §2 /one-click/person-map and /one-click/find-person/map: where a colleague sits today (their
 * booking, else their assigned desk; spec §3 find person result) on the floor map, and a link to
 * book the free desk nearest to them.
 */
export default function PersonMapScreen() {
  const styles = useOneClickStyles();
  const t = useLabel();
  const [params] = useSearchParams();
  const when = useWhen();
  const personId = Number(params.get('person')) || null;
  const person = usePerson(personId);
  if (personId === null)
    return (
      <Body1 role="status">
        {t('one-click.no-person', 'Choose a person first.')}{' '}
        <AppLink inline to={href('r_one-click-find-person')}>
          {t('one-click.find-person', 'Find a person')}
        </AppLink>
      </Body1>
    );
  if (person.error) return <ErrorText message={errorMessage(person.error)} />;
  if (!person.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const { user, declarations, resource_assignments: assigned, nearby } = person.data;
  const where: PersonPlace | undefined = declarations[0] ?? assigned[0];
  return (
    <div className={styles.page} style={{ maxWidth: '100%' }}>
      <Subtitle2 as="h2">{user.name}</Subtitle2>
      {declarations.length === 0 && assigned.length === 0 && (
        <Body1 role="status">
          {t('one-click.nowhere', '{name} has no place today.', { name: user.name })}
        </Body1>
      )}
      <ul className={styles.rows} aria-label={t('one-click.places', 'Places today')}>
        {declarations.map((booking) => (
          <li key={booking.id} className={styles.row}>
            <div className={styles.rowMain}>
              <Body1>{booking.resource_name}</Body1>
              <Caption1 className={styles.detail}>{booking.level_path}</Caption1>
            </div>
            <Caption1>
              {when.timeRange(booking.datetime_from, booking.datetime_to, booking.timezone)}
              {booking.checked_in ? ` · ${t('one-click.checked-in', 'Checked in')}` : ''}
            </Caption1>
          </li>
        ))}
        {assigned.map((place) => (
          <li key={`assigned-${place.resource_id}`} className={styles.row}>
            <div className={styles.rowMain}>
              <Body1>{place.resource_name}</Body1>
              <Caption1 className={styles.detail}>{place.level_path}</Caption1>
            </div>
            <Caption1>{t('one-click.assigned', 'Their own desk')}</Caption1>
          </li>
        ))}
      </ul>
      {nearby && where?.map_level_id != null && (
        <AppLink
          to={href('r_plan-resources-resource', {
            plan_level_id: where.map_level_id,
            resource_id: nearby.resource_id,
          })}
        >
          {t('one-click.book-nearby', 'Book {name} next to them', { name: nearby.resource_name })}
        </AppLink>
      )}
      {where && where.map_id !== null && where.map_x !== null && <PlaceMap where={where} nearby={nearby} />}
    </div>
  );
}

function PlaceMap({ where, nearby }: { where: PersonPlace; nearby: PersonPlace | null }) {
  const t = useLabel();
  const floorMap = useApi<FloorMap>(`${mapsPath}/${where.map_id}`);
  if (floorMap.error) return <ErrorText message={errorMessage(floorMap.error)} />;
  if (!floorMap.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const items = [
    {
      id: where.resource_id,
      name: where.resource_name,
      x: where.map_x,
      y: where.map_y,
      heat: {
        background: tokens.colorBrandBackground,
        ink: tokens.colorNeutralForegroundOnBrand,
        text: t('one-click.sits-here', 'Sits here'),
      },
    },
    ...(nearby && nearby.map_id === where.map_id
      ? [
          {
            id: nearby.resource_id,
            name: nearby.resource_name,
            x: nearby.map_x,
            y: nearby.map_y,
            heat: {
              background: tokens.colorPaletteGreenBackground2,
              ink: tokens.colorNeutralForeground1,
              text: t('one-click.free-nearby', 'Free, next to them'),
            },
          },
        ]
      : []),
  ];
  return (
    <FloorPlan
      imagePath={mapImagePath(where.map_id!)}
      width={floorMap.data.width}
      height={floorMap.data.height}
      label={t('one-click.person-map-label', 'Floor plan of {path}', { path: where.level_path })}
      items={items}
    />
  );
}
