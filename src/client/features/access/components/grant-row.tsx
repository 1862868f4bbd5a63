import { Checkbox, Input, Switch } from '@fluentui/react-components';
import type { PermissionType } from '../../../../shared/permissions';
import { useLabel } from '../../../i18n/i18n';
import type { GrantRow } from '../api';
import { useAccessStyles } from '../screens/access.styles';

const FLAGS = ['create', 'read', 'update', 'delete'] as const;

/**
 * One grant of a permission to a role (spec §6): granted or not, active, and by type its CRUD flags
 * or its NUMERICAL value. Shared by the role's screen (a row per permission) and the permission's
 * (a row per role).
 */
export function GrantRowEditor({
  label,
  type,
  row,
  onChange,
  disabled,
}: {
  label: string;
  type: PermissionType;
  row: GrantRow;
  onChange: (row: GrantRow) => void;
  disabled?: boolean;
}) {
  const styles = useAccessStyles();
  const t = useLabel();
  const set = (patch: Partial<GrantRow>) => onChange({ ...row, ...patch });
  return (
    <li>
      <div className={styles.grant} role="group" aria-label={label}>
        <Checkbox
          className={styles.grantName}
          label={label}
          checked={row.granted}
          disabled={disabled}
          // A new grant starts active (an unticked row reads inactive).
          onChange={(_event, data) =>
            set(
              data.checked === true
                ? { granted: true, is_active: row.granted ? row.is_active : true }
                : { granted: false },
            )
          }
        />
        {row.granted && (
          <>
            <Switch
              label={t('access.grant.active', 'Active')}
              checked={row.is_active}
              disabled={disabled}
              onChange={(_event, data) => set({ is_active: data.checked })}
            />
            {type === 'CRUD' &&
              FLAGS.map((flag) => (
                <Checkbox
                  key={flag}
                  label={t(`access.grant.${flag}`, flag[0]!.toUpperCase() + flag.slice(1))}
                  checked={row[flag]}
                  disabled={disabled}
                  onChange={(_event, data) => set({ [flag]: data.checked === true })}
                />
              ))}
            {type === 'NUMERICAL' && (
              <Input
                className={styles.value}
                type="number"
                min={0}
                aria-label={t('access.grant.value', 'Value')}
                value={row.value === null ? '' : String(row.value)}
                disabled={disabled}
                onChange={(_event, data) =>
                  set({ value: data.value === '' ? null : Math.max(0, Math.trunc(Number(data.value))) })
                }
              />
            )}
          </>
        )}
      </div>
    </li>
  );
}
