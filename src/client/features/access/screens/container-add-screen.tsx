import { useNavigate } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { NameForm } from '../components/name-form';
import { createContainer } from '../api';
import { useAccessKind } from '../kinds';

/** add: a container of the screen's kind, then its members on the edit screen. */
export default function ContainerAddScreen() {
  const t = useLabel();
  const kind = useAccessKind();
  const navigate = useNavigate();
  return (
    <NameForm
      label={t('access.containers.add', 'Add container')}
      onSave={async (name) => {
        const created = await createContainer(name, kind.type);
        navigate(`/${kind.containers}/edit/${created.id}`, { replace: true });
      }}
    />
  );
}
