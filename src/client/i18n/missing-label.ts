/**
 * spec §9: a missing translation shows the key's last segments after dropping the first two.
 * Segments are separated by '.': 'general.login.forgot_password' → 'forgot_password',
 * 'a.b.c.d' → 'c.d'. A key of two segments or fewer has nothing left after the drop, so it shows its
 * last segment ('login.title' → 'title', 'title' → 'title'). Empty segments are ignored.
 */
export function missingLabel(key: string): string {
  const segments = key.split('.').filter((segment) => segment !== '');
  if (segments.length === 0) return key;
  return segments.length > 2 ? segments.slice(2).join('.') : segments[segments.length - 1]!;
}
