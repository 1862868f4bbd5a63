import { Body1, Button, Checkbox, Subtitle2 } from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { MemberKind } from '../../../../shared/contract/access';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useApi } from '../../../api/swr';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { PeopleSearch } from '../../../ui/people-search';
import {
  deleteContainer,
  renameContainer,
  saveMembersByDiff,
  useContainer,
  useMembers,
  useRoles,
} from '../api';
import { NameForm } from '../components/name-form';
import { useAccessKind } from '../kinds';
import { useAccessStyles } from './access.styles';

type Named = { id: number; name: string };
const SECTION_ENGLISH: Record<MemberKind, string> = {
  users: 'Users',
  usermanagers: 'User managers',
  levels: 'Levels',
  resources: 'Resources',
  roles: 'Roles',
  receptiondesks: 'Reception desks',
};

/** The candidates a section offers: levels and resources of the company, roles of the kind. */
function useCandidates(kind: MemberKind, roleKind: ReturnType<typeof useAccessKind>['type']) {
  const levels = useApi<{ data: Array<Named & { path: string }> }>(
    kind === 'levels' ? '/api/company/v1/levels/all' : null,
    {
      searchParams: { depth: 'ALL', per_page: 200 },
    },
  );
  const resources = useApi<{ data: Named[] }>(kind === 'resources' ? '/api/company/v1/resources' : null, {
    searchParams: { per_page: 200, page: 1 },
  });
  const roles = useRoles(roleKind);
  if (kind === 'levels')
    return levels.data?.data.map((level) => ({ id: level.id, name: level.path || level.name }));
  if (kind === 'resources') return resources.data?.data;
  if (kind === 'roles') return roles.data?.data;
  return undefined;
}

/**
 * One kind of member of the container: a list of ticks (levels, resources, roles) or of people with a
 * search to add more (users, user managers). Saved by diff (spec §4): removed ones deleted, added posted.
 */
function MemberSection({ id, kind, editable }: { id: number; kind: MemberKind; editable: boolean }) {
  const styles = useAccessStyles();
  const t = useLabel();
  const access = useAccessKind();
  const members = useMembers(id, kind);
  const candidates = useCandidates(kind, access.type);
  const [edited, setChosen] = useState<Map<number, string> | null>(null);
  const loaded = useMemo(
    () => (members.data ? new Map(members.data.data.map((member) => [member.id, member.name])) : null),
    [members.data],
  );
  const chosen = edited ?? loaded;
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const before = useMemo(() => new Set(members.data?.data.map((member) => member.id)), [members.data]);
  const people = kind === 'users' || kind === 'usermanagers';
  const title = t(`access.members.${kind}`, SECTION_ENGLISH[kind]);
  if (members.error) return <ErrorText message={members.error.message} />;
  if (!chosen) return <Loader label={t('general.loading', 'Loading…')} />;
  // Spec §4: a selection toggles on repeat.
  const toggle = (member: Named) => {
    const next = new Map(chosen);
    if (next.has(member.id)) next.delete(member.id);
    else next.set(member.id, member.name);
    setChosen(next);
  };
  const save = async () => {
    setPending(true);
    setFailure(null);
    setStatus(null);
    try {
      await saveMembersByDiff(id, kind, before, new Set(chosen.keys()));
      await members.mutate();
      setChosen(null);
      setStatus(t('access.saved', 'Saved.'));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby={`members-${kind}`}>
      <Subtitle2 id={`members-${kind}`}>{title}</Subtitle2>
      <ErrorText message={failure} />
      {people ? (
        <>
          <ul className={styles.rows} aria-label={title}>
            {[...chosen].map(([memberId, name]) => (
              <li key={memberId} className={styles.row}>
                <Body1>{name}</Body1>
                {editable && (
                  <Button
                    appearance="subtle"
                    icon={<Dismiss16Regular />}
                    aria-label={t('access.members.remove', 'Remove {name}').replace('{name}', name)}
                    onClick={() => toggle({ id: memberId, name })}
                  />
                )}
              </li>
            ))}
          </ul>
          {editable && (
            <PeopleSearch
              label={t('access.members.find', 'Find people to add')}
              actionLabel={(person) => t('access.members.add', 'Add {name}').replace('{name}', person.name)}
              exclude={(person) => chosen.has(person.id)}
              onPick={(person) => toggle({ id: person.id, name: person.name })}
            />
          )}
        </>
      ) : !candidates ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : (
        <ul className={styles.rows} aria-label={title}>
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <Checkbox
                label={candidate.name}
                checked={chosen.has(candidate.id)}
                disabled={!editable}
                onChange={() => toggle(candidate)}
              />
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <div className={styles.actions}>
          <Button appearance="primary" disabled={pending} onClick={() => void save()}>
            {t('access.members.save', 'Save {what}').replace('{what}', title.toLowerCase())}
          </Button>
        </div>
      )}
      {status && <Body1 role="status">{status}</Body1>}
    </section>
  );
}

/** edit: the container's name and members of each kind it holds, and its roles. */
export default function ContainerEditScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const kind = useAccessKind();
  const navigate = useNavigate();
  const id = Number(useParams().container_id) || null;
  const permissions = useInitialData()?.general_permissions ?? [];
  const container = useContainer(id);
  const editable = can(permissions, [kind.containerPermission, 'update']);
  if (container.error) return <ErrorText message={container.error.message} />;
  if (!container.data || id === null) return <Loader label={t('general.loading', 'Loading…')} />;
  const sections: MemberKind[] = [...kind.holds, 'users', 'roles'];
  return (
    <div className={styles.page}>
      {editable && (
        <NameForm
          key={container.data.name}
          label={t('access.containers.rename', 'Container name')}
          initial={container.data.name}
          onSave={(name) => renameContainer(id, name).then(() => container.mutate())}
        />
      )}
      {sections.map((section) => (
        <MemberSection key={section} id={id} kind={section} editable={editable} />
      ))}
      {can(permissions, [kind.containerPermission, 'delete']) && (
        <div className={styles.actions}>
          <Button
            onClick={() =>
              void deleteContainer(id).then(() => navigate(`/${kind.containers}`, { replace: true }))
            }
          >
            {t('access.containers.delete', 'Delete container')}
          </Button>
        </div>
      )}
    </div>
  );
}
