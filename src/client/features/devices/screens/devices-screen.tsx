import {
  Badge,
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Device, DeviceTemplate, DeviceWithCode } from '../../../../shared/contract/devices';
import { OFFLINE_AFTER_MINUTES } from '../../../../shared/devices/devices';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { LIST_ROW_STYLES } from '../../../ui/list-rows.styles';
import { Loader } from '../../../ui/loader';
import { PAGE_STYLES } from '../../../ui/page.styles';
import { useSubmit } from '../../../ui/use-submit';
import { newCode, removeDevice, useDevices, useTemplates } from '../api';
import { CodeDialog } from '../components/code-dialog';
import { DeviceDialog } from '../components/device-dialog';
import { TemplateDialog } from '../components/template-dialog';
import { useDeviceLabels } from '../device-labels';

const useStyles = makeStyles({
  ...PAGE_STYLES,
  ...LIST_ROW_STYLES,
  page: { ...PAGE_STYLES.page, maxWidth: '960px' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

type Confirm = { kind: 'code' | 'remove'; device: Device } | null;

/**
 * spec §2 /devices (DEVICES): the company's room and desk displays (their room, template, booker and
 * last heartbeat, offline ones marked) and the device templates displays and kiosks follow.
 */
export default function DevicesScreen() {
  const styles = useStyles();
  const t = useLabel();
  const names = useDeviceLabels();
  const when = useWhen();
  const permissions = useInitialData()?.general_permissions ?? [];
  const mayCreate = can(permissions, ['DEVICES', 'create']);
  const mayUpdate = can(permissions, ['DEVICES', 'update']);
  const mayDelete = can(permissions, ['DEVICES', 'delete']);
  const devices = useDevices();
  const templates = useTemplates();
  const [tab, setTab] = useState<'devices' | 'templates'>('devices');
  const [editing, setEditing] = useState<Device | 'new' | null>(null);
  const [template, setTemplate] = useState<DeviceTemplate | 'new' | null>(null);
  const [shown, setShown] = useState<DeviceWithCode | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const action = useSubmit();

  const confirmed = async () => {
    if (!confirm) return;
    const { kind, device } = confirm;
    let renewed: DeviceWithCode | null = null;
    const done = await action.run(async () => {
      if (kind === 'code') renewed = await newCode(device.id);
      else await removeDevice(device.id);
    });
    if (!done) return;
    setConfirm(null);
    if (renewed) setShown(renewed);
  };

  const deviceList = () => {
    if (!devices.data)
      return devices.error ? (
        <ErrorText message={devices.error.message} />
      ) : (
        <Loader label={t('general.loading', 'Loading…')} />
      );
    if (devices.data.data.length === 0)
      return <Body1 role="status">{t('devices.none', 'No displays registered yet.')}</Body1>;
    return (
      <ul className={styles.rows} aria-label={t('devices.list', 'Displays')}>
        {devices.data.data.map((device) => (
          <li key={device.id} className={styles.row} data-testid="device">
            <div className={styles.rowMain}>
              <Body1>
                {device.name}{' '}
                <Badge
                  appearance="tint"
                  color={
                    device.state === 'online'
                      ? 'success'
                      : device.state === 'offline'
                        ? 'danger'
                        : 'informative'
                  }
                >
                  {names.state(device.state)}
                </Badge>
              </Body1>
              <Caption1 className={styles.detail}>
                {device.resource.name} · {device.template.name}
                {device.booker
                  ? ` · ${t('devices.booker-is', 'Books for {name}', { name: device.booker.name })}`
                  : ''}
              </Caption1>
              <Caption1 className={styles.detail}>
                {device.last_heartbeat_at
                  ? t('devices.last-heartbeat', 'Last heartbeat {when}', {
                      when: when.dateTime(device.last_heartbeat_at),
                    })
                  : t('devices.no-heartbeat', 'No heartbeat yet')}
              </Caption1>
            </div>
            <div className={styles.buttons}>
              {mayUpdate && (
                <Button
                  aria-label={`${t('devices.edit', 'Edit')}: ${device.name}`}
                  onClick={() => setEditing(device)}
                >
                  {t('devices.edit', 'Edit')}
                </Button>
              )}
              {mayUpdate && (
                <Button
                  aria-label={`${t('devices.new-code', 'New code')}: ${device.name}`}
                  onClick={() => setConfirm({ kind: 'code', device })}
                >
                  {t('devices.new-code', 'New code')}
                </Button>
              )}
              {mayDelete && (
                <Button
                  aria-label={`${t('devices.remove', 'Remove')}: ${device.name}`}
                  onClick={() => setConfirm({ kind: 'remove', device })}
                >
                  {t('devices.remove', 'Remove')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  };

  const templateList = () => {
    if (!templates.data)
      return templates.error ? (
        <ErrorText message={templates.error.message} />
      ) : (
        <Loader label={t('general.loading', 'Loading…')} />
      );
    if (templates.data.data.length === 0)
      return <Body1 role="status">{t('devices.templates.none', 'No templates yet.')}</Body1>;
    return (
      <ul className={styles.rows} aria-label={t('devices.templates', 'Templates')}>
        {templates.data.data.map((entry) => (
          <li key={entry.id} className={styles.row}>
            <div className={styles.rowMain}>
              <Body1>
                {entry.name}{' '}
                {entry.is_default && (
                  <Badge appearance="tint" color="brand">
                    {t('devices.templates.default', 'Default')}
                  </Badge>
                )}
              </Body1>
              <Caption1 className={styles.detail}>
                {names.type(entry.device_type)} · {names.accent(entry.accent)} ·{' '}
                {entry.actions.map(names.action).join(', ') ||
                  t('devices.templates.offers-nothing', 'Shows only')}
              </Caption1>
            </div>
            {mayUpdate && (
              <Button
                aria-label={`${t('devices.edit', 'Edit')}: ${entry.name}`}
                onClick={() => setTemplate(entry)}
              >
                {t('devices.edit', 'Edit')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className={styles.page}>
      <TabList selectedValue={tab} onTabSelect={(_event, data) => setTab(data.value as typeof tab)}>
        <Tab value="devices">{t('devices.list', 'Displays')}</Tab>
        <Tab value="templates">{t('devices.templates', 'Templates')}</Tab>
      </TabList>
      {tab === 'devices' ? (
        <section className={styles.page} aria-label={t('devices.list', 'Displays')}>
          <div className={styles.buttons}>
            {mayCreate && (
              <Button
                appearance="primary"
                icon={<Add20Regular aria-hidden />}
                onClick={() => setEditing('new')}
              >
                {t('devices.device.add', 'Register display')}
              </Button>
            )}
            <AppLink to={href('r_devices-users')}>{t('devices.users.title', 'Device users')}</AppLink>
          </div>
          <Caption1>
            {t(
              'devices.offline-rule',
              'A display without a heartbeat for {minutes} minutes is marked offline.',
              {
                minutes: OFFLINE_AFTER_MINUTES,
              },
            )}
          </Caption1>
          {deviceList()}
        </section>
      ) : (
        <section className={styles.page} aria-label={t('devices.templates', 'Templates')}>
          {mayCreate && (
            <div className={styles.buttons}>
              <Button
                appearance="primary"
                icon={<Add20Regular aria-hidden />}
                onClick={() => setTemplate('new')}
              >
                {t('devices.template.add', 'Add template')}
              </Button>
            </div>
          )}
          {templateList()}
        </section>
      )}
      {editing && (
        <DeviceDialog
          device={editing === 'new' ? null : editing}
          templates={templates.data?.data ?? []}
          onRegistered={(device) => {
            setEditing(null);
            setShown(device);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {template && (
        <TemplateDialog template={template === 'new' ? null : template} onClose={() => setTemplate(null)} />
      )}
      {shown && <CodeDialog device={shown} onClose={() => setShown(null)} />}
      {confirm && (
        <Dialog open onOpenChange={(_event, data) => !data.open && setConfirm(null)}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>
                {confirm.kind === 'code'
                  ? t('devices.new-code.title', 'Give {name} a new code?', { name: confirm.device.name })
                  : t('devices.remove.title', 'Remove {name}?', { name: confirm.device.name })}
              </DialogTitle>
              <DialogContent>
                <ErrorText message={action.failure} />
                <Body1>
                  {confirm.kind === 'code'
                    ? t('devices.new-code.explain', 'The display’s current address stops working at once.')
                    : t('devices.remove.explain', 'The display’s address stops working at once.')}
                </Body1>
              </DialogContent>
              <DialogActions>
                <Button
                  appearance="primary"
                  disabled={action.pending}
                  aria-busy={action.pending || undefined}
                  onClick={() => void confirmed()}
                >
                  {confirm.kind === 'code'
                    ? t('devices.new-code', 'New code')
                    : t('devices.remove', 'Remove')}
                </Button>
                <Button onClick={() => setConfirm(null)}>{t('general.actions.cancel', 'Cancel')}</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </div>
  );
}
