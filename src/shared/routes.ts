/** Every path the React app answers; anything else is the 404 page, served with status 404. */
const CLIENT_ROUTE_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/pricing$/,
  /^\/login$/,
  /^\/checkout$/,
  /^\/checkout\/success$/,
  /^\/checkout\/test-payment\/[^/]+$/,
  /^\/editor$/,
  /^\/debug-clipboard$/,
  /^\/verify-email$/,
  /^\/verify-email\/[^/]+$/,
  /^\/reset-password(?:\/[^/]+)?$/,
  /^\/magic-link(?:\/[^/]+)?$/,
  /^\/invitations\/[^/]+$/,
  /^\/contact$/,
  /^\/account(?:\/[^/]+)?$/,
  /^\/terms$/,
  /^\/privacy$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTE_PATTERNS.some((re) => re.test(path));
}
