import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import type { GeneralPermission } from '../../../../shared/permissions/can';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';

const flag = (t: LabelFn, permission: GeneralPermission, on: boolean) =>
  permission.type === 'CRUD' ? (on ? t('general.yes', 'Yes') : t('general.no', 'No')) : '–';

/** spec §2 /permissions: the user's general permissions. */
export default function PermissionsScreen() {
  const t = useLabel();
  const permissions = useInitialData()?.general_permissions ?? [];
  return (
    <Table aria-label={t('general.permissions.title', 'Permissions')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('general.permissions.permission', 'Permission')}</TableHeaderCell>
          <TableHeaderCell>{t('general.permissions.type', 'Type')}</TableHeaderCell>
          <TableHeaderCell>{t('general.permissions.active', 'Active')}</TableHeaderCell>
          <TableHeaderCell>{t('general.permissions.create', 'Create')}</TableHeaderCell>
          <TableHeaderCell>{t('general.permissions.read', 'Read')}</TableHeaderCell>
          <TableHeaderCell>{t('general.permissions.update', 'Update')}</TableHeaderCell>
          <TableHeaderCell>{t('general.permissions.delete', 'Delete')}</TableHeaderCell>
          <TableHeaderCell>{t('general.permissions.value', 'Value')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {permissions.map((permission) => (
          <TableRow key={permission.permission}>
            <TableCell>{permission.permission}</TableCell>
            <TableCell>{permission.type}</TableCell>
            <TableCell>
              {permission.is_active
                ? t('general.permissions.active', 'Active')
                : t('general.permissions.inactive', 'Inactive')}
            </TableCell>
            <TableCell>{flag(t, permission, permission.create)}</TableCell>
            <TableCell>{flag(t, permission, permission.read)}</TableCell>
            <TableCell>{flag(t, permission, permission.update)}</TableCell>
            <TableCell>{flag(t, permission, permission.delete)}</TableCell>
            <TableCell>{permission.value ?? '–'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
