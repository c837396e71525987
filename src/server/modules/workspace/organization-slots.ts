/**
 * At most `cap` runs per organization at once in this process (decision 0134): a job over its
 * organization's cap waits, first come first served, for one of that organization's runs to end,
 * while the process's other slots stay open to other organizations. A wait longer than `maxWaitMs`
 * gives up (null): the caller reschedules instead of holding its lease.
 */
export function createOrganizationSlots(cap: number) {
  const running = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();

  function release(organizationId: string) {
    const next = waiting.get(organizationId)?.shift();
    if (next) return next(); // the slot passes straight to the next in line
    const n = (running.get(organizationId) ?? 1) - 1;
    if (n > 0) running.set(organizationId, n);
    else running.delete(organizationId);
  }

  return {
    /** A release function once a slot is free, or null after `maxWaitMs`. */
    acquire(organizationId: string, maxWaitMs: number): Promise<(() => void) | null> {
      let released = false;
      const once = () => {
        if (released) return;
        released = true;
        release(organizationId);
      };
      const n = running.get(organizationId) ?? 0;
      if (n < cap) {
        running.set(organizationId, n + 1);
        return Promise.resolve(once);
      }
      return new Promise((resolve) => {
        const line = waiting.get(organizationId) ?? [];
        waiting.set(organizationId, line);
        const take = () => {
          clearTimeout(timer);
          resolve(once);
        };
        const timer = setTimeout(() => {
          const at = line.indexOf(take);
          if (at >= 0) line.splice(at, 1);
          if (line.length === 0) waiting.delete(organizationId);
          resolve(null);
        }, maxWaitMs);
        line.push(take);
      });
    },
    /** Runs of the organization in flight in this process. */
    running: (organizationId: string) => running.get(organizationId) ?? 0,
  };
}
