/**
 * The subject a new booking gets when the user typed none. The DefaultMeetingTitle preference names
 * meetings (spec §3), and a meeting needs room for more than one: a desk booking stays untitled, so
 * lists and the grid show its host instead of "Meeting".
 */
export function defaultSubject(
  resource: { capacity: number },
  defaultMeetingTitle: string | undefined,
): string | undefined {
  if (resource.capacity <= 1) return undefined;
  return defaultMeetingTitle?.trim() || undefined;
}
