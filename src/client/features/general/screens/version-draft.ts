/**
 * The add-version form lives across two screens (the form and its select-application sub-screen):
 * its values wait here while the user picks the application.
 */
export interface VersionDraft {
  version: string;
  notes: string;
}
let draft: VersionDraft = { version: '', notes: '' };

export const readVersionDraft = (): VersionDraft => draft;
export const keepVersionDraft = (next: VersionDraft) => {
  draft = next;
};
export const clearVersionDraft = () => {
  draft = { version: '', notes: '' };
};
