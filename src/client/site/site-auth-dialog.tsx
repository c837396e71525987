import { createPath, Router, type Navigator, type To } from 'react-router';
import { AuthDialog } from '../components/auth-dialog/auth-dialog';

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The public pages run without the app's router (it is too heavy for their budget). The dialog's
 * forms navigate after success; here that is a full page load into the app.
 */
const fullPageNavigator: Navigator = {
  createHref: hrefOf,
  push: (to) => window.location.assign(hrefOf(to)),
  replace: (to) => window.location.replace(hrefOf(to)),
  go: (delta) => window.history.go(delta),
};

export function SiteAuthDialog() {
  return (
    <Router location={window.location.pathname + window.location.search} navigator={fullPageNavigator}>
      <AuthDialog />
    </Router>
  );
}
