import { Body1, Button, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import type { RolePermission } from '../../../../shared/contract/access';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { deleteRole, renameRole, setRolePermissions, useRole, useRolePermissions } from '../api';
import { GrantRowEditor } from '../components/grant-row';
import { NameForm } from '../components/name-form';
import { useAccessKind } from '../kinds';
import { useAccessStyles } from './access.styles';

/** edit (permissions): the role's name and its permissions, set in bulk (spec §7 rolepermissions/bulk). */
export default function RoleEditScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const kind = useAccessKind();
  const navigate = useNavigate();
  const id = Number(useParams().role_id) || null;
  const permissions = useInitialData()?.general_permissions ?? [];
  const mayUpdate = can(permissions, [kind.rolePermission, 'update']);
  const role = useRole(id);
  const granted = useRolePermissions(id);
  // The rows as edited; until the first change, as loaded.
  const [edited, setRows] = useState<RolePermission[] | null>(null);
  const rows = edited ?? granted.data?.data ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  if (role.error || granted.error) return <ErrorText message={(role.error ?? granted.error)!.message} />;
  if (!role.data || !rows || id === null) return <Loader label={t('general.loading', 'Loading…')} />;

  const save = async () => {
    setPending(true);
    setFailure(null);
    setStatus(null);
    try {
      const saved = await setRolePermissions(
        id,
        rows.map(({ permission_id, granted, is_active, create, read, update, delete: del, value }) => ({
          permission_id,
          granted,
          is_active,
          create,
          read,
          update,
          delete: del,
          value,
        })),
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
    <div className={styles.page}>
      {mayUpdate && (
        <NameForm
          key={role.data.name}
          label={t('access.roles.rename', 'Role name')}
          initial={role.data.name}
          onSave={(name) => renameRole(id, name).then(() => role.mutate())}
        />
      )}
      <section className={styles.section} aria-labelledby="role-permissions">
        <Subtitle2 id="role-permissions">{t('access.roles.permissions', 'Permissions')}</Subtitle2>
        <ErrorText message={failure} />
        <ul className={styles.rows}>
          {rows.map((row, index) => (
            <GrantRowEditor
              key={row.permission_id}
              label={row.permission}
              type={row.type}
              row={row}
              disabled={!mayUpdate}
              onChange={(next) => setRows(rows.map((old, at) => (at === index ? { ...old, ...next } : old)))}
            />
          ))}
        </ul>
        {mayUpdate && (
          <div className={styles.actions}>
            <Button appearance="primary" disabled={pending} onClick={() => void save()}>
              {t('access.roles.save-permissions', 'Save permissions')}
            </Button>
            {can(permissions, [kind.rolePermission, 'delete']) && (
              <Button
                onClick={() => void deleteRole(id).then(() => navigate(`/${kind.roles}`, { replace: true }))}
              >
                {t('access.roles.delete', 'Delete role')}
              </Button>
            )}
          </div>
        )}
        {status && <Body1 role="status">{status}</Body1>}
      </section>
    </div>
  );
}
