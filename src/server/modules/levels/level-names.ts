/** The languages names are read in: the reader's, else the company's. */
export interface NameLanguages {
  user: number;
  company: number;
}

/** A name in the reader's language, else the company's, else the first there is ('' when none). */
export function preferredName<T extends { language_id: number; name: string }>(
  list: readonly T[] | undefined,
  languages: NameLanguages,
): string {
  if (!list || list.length === 0) return '';
  return (
    list.find((entry) => entry.language_id === languages.user) ??
    list.find((entry) => entry.language_id === languages.company) ??
    list[0]!
  ).name;
}

/**
 * Each level's name in the reader's languages and its path from the top ('Acme HQ / Building A /
 * Floor 1'), from the company's level translations; `translationsOf` keeps each level's own rows.
 */
export function levelNaming<T extends { level_id: number; language_id: number; name: string }>(
  translations: readonly T[],
  languages: NameLanguages,
) {
  const byLevel = new Map<number, T[]>();
  for (const row of translations) {
    const list = byLevel.get(row.level_id);
    if (list) list.push(row);
    else byLevel.set(row.level_id, [row]);
  }
  const names = new Map<number, string>();
  const nameOf = (id: number): string => {
    let name = names.get(id);
    if (name === undefined) names.set(id, (name = preferredName(byLevel.get(id), languages)));
    return name;
  };
  return {
    nameOf,
    /** the names of the ids, top level first, joined as the spec's path */
    pathOf: (ancestry: readonly number[]): string => ancestry.map(nameOf).join(' / '),
    translationsOf: (id: number): readonly T[] => byLevel.get(id) ?? [],
  };
}
