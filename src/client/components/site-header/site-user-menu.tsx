import { MenuItem, UserMenu } from '../user-menu';

/**
 * The signed-in visitor's avatar menu on the public pages. Loaded only once a session is known
 * (its dropdown code is not part of a visitor's landing page). Full page loads, because the public
 * pages may run without the app's router.
 */
export function SiteUserMenu() {
  return (
    <UserMenu>
      <MenuItem onSelect={() => window.location.assign('/editor')}>Go to Editor</MenuItem>
      <MenuItem onSelect={() => window.location.assign('/account')}>My Account</MenuItem>
    </UserMenu>
  );
}
