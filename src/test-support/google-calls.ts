/**
 * The calls this process makes to one Google (the stand-in at `baseUrl`), as the caller sees them:
 * each call when it is made, each answer when it arrives. Wraps the global fetch until `restore()`
 * (the Workspace client takes the global fetch when it is made). Used to count the calls made after
 * the first refusal (docs/decisions/0133).
 */
export type GoogleCall = { event: 'sent' | 'answered'; url: string; status?: number };

export function recordGoogleCalls(baseUrl: string) {
  const log: GoogleCall[] = [];
  const original = globalThis.fetch;
  const wrapped: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(baseUrl)) return original(input, init);
    const path = url.slice(baseUrl.length);
    log.push({ event: 'sent', url: path });
    const response = await original(input, init);
    log.push({ event: 'answered', url: path, status: response.status });
    return response;
  };
  globalThis.fetch = wrapped;
  return {
    log,
    sent: () => log.filter((c) => c.event === 'sent').length,
    /** Calls made after the first answer `failed` picks arrived; `failedAt` is -1 when none did. */
    afterFirstFailure(failed: (call: GoogleCall) => boolean = (c) => (c.status ?? 0) >= 400) {
      const failedAt = log.findIndex((c) => c.event === 'answered' && failed(c));
      const after = failedAt < 0 ? 0 : log.slice(failedAt + 1).filter((c) => c.event === 'sent').length;
      return { failedAt, after };
    },
    restore() {
      if (globalThis.fetch === wrapped) globalThis.fetch = original;
    },
  };
}
