import { useEffect } from 'react';
import type { MeResponse } from '../../../shared/account-types';
import { setKnownSession, useKnownSession } from '../../api/session-probe';
import { useSessionInvalidated } from '../../api/session';

/**
 * /pricing is an app screen under the public site's header, which reads the public pages' copy of
 * the session (session-probe): the screen's session is passed to it, and a logout from the header's
 * menu makes the screen read the session again, so the plan cards never act for someone gone.
 */
export function useSiteHeaderSession(session: MeResponse | null | undefined) {
  const known = useKnownSession();
  const sessionInvalidated = useSessionInvalidated();
  useEffect(() => {
    if (session !== undefined) setKnownSession(session);
  }, [session]);
  useEffect(() => {
    if (known === null && session) void sessionInvalidated();
    // Only the header's change matters here; the screen's own change is passed on above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known]);
}
