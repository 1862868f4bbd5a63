import {
  Body1,
  Button,
  Caption1,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import type { DeviceUser, DeviceUsersBody } from '../../../../shared/contract/devices';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';
import { Loader } from '../../../ui/loader';
import { PAGE_STYLES } from '../../../ui/page.styles';
import { PeopleSearch } from '../../../ui/people-search';
import { useSubmit } from '../../../ui/use-submit';
import { setDeviceUsers, useDeviceUsers, useDevices } from '../api';

const useStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * spec §2 /devices/users: the people of a display. Its booker is the account its book-now bookings
 * are made for (their rules apply); its contacts look after it.
 */
export default function DeviceUsersScreen() {
  const styles = useStyles();
  const t = useLabel();
  const mayUpdate = can(useInitialData()?.general_permissions ?? [], ['DEVICES', 'update']);
  const devices = useDevices();
  const [chosen, setChosen] = useState<number | null>(null);
  const deviceId = chosen ?? devices.data?.data[0]?.id ?? null;
  const users = useDeviceUsers(deviceId);
  const form = useSubmit();

  if (!devices.data)
    return devices.error ? (
      <ErrorText message={devices.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  if (devices.data.data.length === 0)
    return <Body1 role="status">{t('devices.none', 'No displays registered yet.')}</Body1>;

  const list = users.data?.data ?? [];
  const of = (type: DeviceUser['type']) => list.filter((user) => user.type === type);
  const save = (type: DeviceUsersBody['type'], ids: number[]) =>
    void form.run(() => setDeviceUsers({ model_id: deviceId!, type, user_ids: ids }));
  const device = devices.data.data.find((entry) => entry.id === deviceId);

  return (
    <div className={styles.page}>
      <Field label={t('devices.users.device', 'Display')}>
        <Dropdown
          value={device?.name ?? ''}
          selectedOptions={deviceId === null ? [] : [String(deviceId)]}
          onOptionSelect={(_event, data) => setChosen(Number(data.optionValue))}
        >
          {devices.data.data.map((entry) => (
            <Option key={entry.id} value={String(entry.id)} text={entry.name}>
              {`${entry.name} (${entry.resource.name})`}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <ErrorText message={form.failure} />
      {!users.data ? (
        users.error ? (
          <ErrorText message={users.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : (
        <>
          <section className={styles.section} aria-labelledby="device-booker">
            <Subtitle2 as="h2" id="device-booker">
              {t('devices.users.booker', 'Books for')}
            </Subtitle2>
            <Caption1>
              {t(
                'devices.users.booker-explain',
                'Bookings made on the display are made for this account, with its rules and limits.',
              )}
            </Caption1>
            {of('booker').length === 0 ? (
              <Body1 role="status">{t('devices.users.no-booker', 'Nobody: the display cannot book.')}</Body1>
            ) : (
              <ul className={styles.rows}>
                {of('booker').map((user) => (
                  <li key={user.user_id} className={styles.row}>
                    <div className={styles.rowMain}>
                      <Body1>{user.name}</Body1>
                      <Caption1 className={styles.detail}>{user.email}</Caption1>
                    </div>
                    {mayUpdate && (
                      <Button
                        disabled={form.pending}
                        aria-label={`${t('devices.users.remove', 'Remove')}: ${user.name}`}
                        onClick={() => save('booker', [])}
                      >
                        {t('devices.users.remove', 'Remove')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {mayUpdate && (
              <PeopleSearch
                label={t('devices.users.find-booker', 'Find the account to book for')}
                actionLabel={(person) =>
                  t('devices.users.choose-booker', 'Book for {name}', { name: person.name })
                }
                onPick={(person) => save('booker', [person.id])}
                exclude={(person) => of('booker').some((user) => user.user_id === person.id)}
              />
            )}
          </section>
          <section className={styles.section} aria-labelledby="device-contacts">
            <Subtitle2 as="h2" id="device-contacts">
              {t('devices.users.contacts', 'Looked after by')}
            </Subtitle2>
            {of('contact').length === 0 ? (
              <Body1 role="status">{t('devices.users.no-contacts', 'Nobody yet.')}</Body1>
            ) : (
              <ul className={styles.rows}>
                {of('contact').map((user) => (
                  <li key={user.user_id} className={styles.row}>
                    <div className={styles.rowMain}>
                      <Body1>{user.name}</Body1>
                      <Caption1 className={styles.detail}>{user.email}</Caption1>
                    </div>
                    {mayUpdate && (
                      <Button
                        disabled={form.pending}
                        aria-label={`${t('devices.users.remove', 'Remove')}: ${user.name}`}
                        onClick={() =>
                          save(
                            'contact',
                            of('contact')
                              .filter((other) => other.user_id !== user.user_id)
                              .map((other) => other.user_id),
                          )
                        }
                      >
                        {t('devices.users.remove', 'Remove')}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {mayUpdate && (
              <PeopleSearch
                label={t('devices.users.find-contact', 'Find someone to look after it')}
                actionLabel={(person) => t('devices.users.add-contact', 'Add {name}', { name: person.name })}
                onPick={(person) =>
                  save('contact', [...of('contact').map((user) => user.user_id), person.id])
                }
                exclude={(person) => list.some((user) => user.user_id === person.id)}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
