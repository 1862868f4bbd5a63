import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { NameForm } from '../components/name-form';
import { createRole } from '../api';
import { useAccessKind } from '../kinds';

/** add: a role of the screen's kind, then its permissions on the edit screen. */
export default function RoleAddScreen() {
  const t = useLabel();
  const kind = useAccessKind();
  const navigate = useNavigate();
  return (
    <NameForm
      label={t('access.roles.add', 'Add role')}
      onSave={async (name) => {
        const created = await createRole(name, kind.type);
        navigate(`/${kind.roles}/edit/${created.id}`, { replace: true });
      }}
    />
  );
}
