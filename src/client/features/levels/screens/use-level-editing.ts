import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { useSubmit } from '../../../ui/use-submit';
import { keepInAddDraft, useAddDraft } from '../add-draft';
import { refreshAllLevels, updateLevel, useLevel } from '../api';
import { changeBody, namedLanguages, valuesOf, type LevelValues } from '../level-values';

/**
 * The level the screens under /level/{level_id?} work on. Adding (no id), the values are the add
 * draft's; editing, the saved level's, and a sub-screen's change is saved at once (PUT levels/{id}).
 */
export function useLevelEditing() {
  const navigate = useNavigate();
  const { level_id } = useParams();
  const id = level_id ? Number(level_id) : null;
  const session = useInitialData();
  const level = useLevel(id);
  const draft = useAddDraft();
  const company = session?.company;
  const values: LevelValues | null =
    !company || (id !== null && !level.data)
      ? null
      : id === null
        ? { ...valuesOf(undefined, company), ...draft.change }
        : valuesOf(level.data, company);
  const mayWrite =
    !!session && can(session.general_permissions, id === null ? ['LEVELS', 'create'] : ['LEVELS', 'update']);

  const save = async (change: Partial<LevelValues>, answered: readonly string[]) => {
    if (id === null) {
      keepInAddDraft(change, answered);
      return;
    }
    const updated = await updateLevel(id, changeBody(change, session?.languages ?? []));
    await level.mutate(updated, { revalidate: false });
    await refreshAllLevels();
  };

  return {
    id,
    session,
    level,
    values,
    mayWrite,
    /** errors the main screen's Save found for the sub-screens (adding only) */
    draftErrors: id === null ? draft.errors : {},
    save,
    backToLevel: () => navigate(href('r_level', id === null ? {} : { level_id: id })),
    languages: session?.languages ?? [],
    namedLanguages: (names: LevelValues['names']) => namedLanguages(session?.languages ?? [], names),
  };
}

export type LevelEditing = ReturnType<typeof useLevelEditing>;

/** A sub-screen's Save: pending, the server's field errors (by API field) or a general failure. */
export function useSubScreenSubmit(editing: LevelEditing) {
  const { pending, failure, run } = useSubmit();
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null);

  const submit = async (change: Partial<LevelValues>, answered: readonly string[]) => {
    setErrors(null);
    await run(async () => {
      await editing.save(change, answered);
      editing.backToLevel();
    }, setErrors);
  };
  /** the message for a field: the server's, else one the add screen's Save left */
  const errorOf = (field: string): string | undefined =>
    errors?.[field]?.[0] ?? (errors ? undefined : editing.draftErrors[field]);
  return { pending, failure, errors, submit, errorOf };
}
