/**
 * Up to two initials from the name, else the email's first letter. Its own module, free of the
 * query library, so that the public pages' header can use it (lib/session.ts re-exports it).
 */
export function initialsOf(name: string | null | undefined, email: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length > 0) return parts.slice(0, 2).map((p) => p[0]!.toUpperCase()).join('');
  return (email ?? '?').charAt(0).toUpperCase() || '?';
}
