import { Button } from '@fluentui/react-components';
import { useNavigate, useParams } from 'react-router-dom';
import { VISITOR_IMPORT_COLUMNS } from '../../../../shared/contract/visitors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { CsvImport } from '../../../ui/csv-import';
import { importVisitorList, previewVisitorImport } from '../api';

/**
 * spec §2 reception add-visitor (import): a visitor list previewed row by row, imported whole once
 * confirmed; each row a visitor of this desk with a visit, invited by mail.
 */
export default function ReceptionImportScreen() {
  const t = useLabel();
  const navigate = useNavigate();
  const deskId = Number(useParams().receptionDeskId);
  return (
    <CsvImport
      help={t(
        'visitors.import-help',
        'A CSV file with a header row. Columns: {columns}. The date (YYYY-MM-DD) and times (HH:MM) are on this desk’s clock.',
        { columns: VISITOR_IMPORT_COLUMNS.join(', ') },
      )}
      formLabel={t('visitors.import', 'Import visitors')}
      confirmLabel={(count) =>
        t(
          'visitors.import-confirm',
          { one: 'Import {count} visitor', other: 'Import {count} visitors' },
          { count },
        )
      }
      preview={(csv) => previewVisitorImport(deskId, csv)}
      run={(csv) => importVisitorList(deskId, csv)}
      after={
        <Button
          appearance="primary"
          onClick={() => navigate(href('r_visitor-management-reception', { receptionDeskId: deskId }))}
        >
          {t('visitors.import-done', 'Back to the visitors')}
        </Button>
      }
    />
  );
}
