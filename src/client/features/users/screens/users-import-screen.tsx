import { Button } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { IMPORT_COLUMNS } from '../../../../shared/contract/users';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { CsvImport } from '../../../ui/csv-import';
import { previewImport, runImport } from '../api';
import { useUserStyles } from './users.styles';

/**
 * spec §2 /manage-users import: a CSV file is previewed first, each row with its errors; nothing is
 * written until the administrator confirms, and a file with a bad row imports nothing.
 */
export default function UsersImportScreen() {
  const styles = useUserStyles();
  const t = useLabel();
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <CsvImport
        help={t(
          'users.import-help',
          'A CSV file with a header row. Columns: {columns}. Containers are separated by |.',
          { columns: IMPORT_COLUMNS.join(', ') },
        )}
        formLabel={t('users.import', 'Import users')}
        confirmLabel={(count) =>
          t('users.import-confirm', { one: 'Import {count} user', other: 'Import {count} users' }, { count })
        }
        preview={previewImport}
        run={runImport}
        after={
          <Button appearance="primary" onClick={() => navigate(href('r_manage-users'))}>
            {t('users.import-back', 'Back to the users')}
          </Button>
        }
      />
    </div>
  );
}
