import { Body1, Button, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PermissionRoles } from '../../../../shared/contract/access';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { setPermissionRoles, usePermissionRoles } from '../api';
import { GrantRowEditor } from '../components/grant-row';
import { useAccessKind } from '../kinds';
import { useAccessStyles } from './access.styles';

/** edit-permission: which roles of the kind grant the permission, and how, set in bulk. */
export default function PermissionEditScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const kind = useAccessKind();
  const id = Number(useParams().permission_id) || null;
  const mayUpdate = can(useInitialData()?.general_permissions ?? [], [kind.rolePermission, 'update']);
  const loaded = usePermissionRoles(id);
  const [edited, setRows] = useState<PermissionRoles['data'] | null>(null);
  const rows = edited ?? loaded.data?.data ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (loaded.error) return <ErrorText message={loaded.error.message} />;
  if (!loaded.data || !rows || id === null) return <Loader label={t('general.loading', 'Loading…')} />;
  const { permission } = loaded.data;
  const save = async () => {
    setPending(true);
    setFailure(null);
    setStatus(null);
    try {
      const saved = await setPermissionRoles(
        id,
        rows.map(({ role, ...grant }) => ({ role_id: role.id, ...grant })),
      );
      setRows(saved.data);
      setStatus(t('access.saved', 'Saved.'));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <section className={styles.page} aria-labelledby="permission-roles">
      <Subtitle2 id="permission-roles">
        {permission.name} · {t(`access.types.${permission.type}`, permission.type)}
      </Subtitle2>
      <ErrorText message={failure} />
      {rows.length === 0 ? (
        <Body1 role="status">{t('access.roles.empty', 'No roles yet.')}</Body1>
      ) : (
        <ul className={styles.rows}>
          {rows.map((row, index) => (
            <GrantRowEditor
              key={row.role.id}
              label={row.role.name}
              type={permission.type}
              row={row}
              disabled={!mayUpdate}
              onChange={(next) => setRows(rows.map((old, at) => (at === index ? { ...old, ...next } : old)))}
            />
          ))}
        </ul>
      )}
      {mayUpdate && rows.length > 0 && (
        <div className={styles.actions}>
          <Button appearance="primary" disabled={pending} onClick={() => void save()}>
            {t('general.actions.save', 'Save')}
          </Button>
        </div>
      )}
      {status && <Body1 role="status">{status}</Body1>}
    </section>
  );
}
