/** A Chrome DevTools Protocol CPU profile, and the functions that took the most self time in it. */
export type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
};

export function printProfile(profile: CpuProfile, top = 25) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)?.callFrame;
    const delta = profile.timeDeltas[i] ?? 0;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    busy += delta;
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
  });
  console.log(`CPU profile: ${(busy / 1000).toFixed(0)} ms busy; most self time:`);
  for (const [key, micros] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `  ${(micros / 1000).toFixed(1).padStart(7)} ms ${((100 * micros) / Math.max(1, busy)).toFixed(1).padStart(5)}%  ${key}`,
    );
  }
}
