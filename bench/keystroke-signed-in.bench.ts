/**
 * Typing as a signed-in person with the full signature (bench/support/signed-in-editor.ts), the
 * build before a change beside the build after it, in one run: both servers and both browsers run
 * at once and take turns, so a busy machine slows both alike. Run after `npm run build`:
 *   BEFORE=<commit> node --import tsx bench/keystroke-signed-in.bench.ts
 * (the commit is built once in a worktree of its own, bench/support/base-build.ts).
 *
 * Four figures, each a median:
 *   fill + wait   `locator.fill()` of Full Name, then waiting each animation frame for the preview
 *   key press     one `keyboard.press()` at the end of Full Name, then the same wait
 *   input→text    in the page, from the input event to the preview's text changing
 *   →next frame   in the page, from the input event to the first task after the next frame
 * and the saves sent per keystroke. The next frame's share is split (decision 0240): "frame
 * starts" is its animation-frame callbacks starting (the wait for the display's next tick and for
 * work queued before it), "frame done" a user-blocking task right after its style, layout, paint
 * and commit; "→next frame" also counts the ordinary tasks queued before it (Chromium's autofill
 * looks at the form after each typed character), which run after the frame is drawn. PROFILE=1 then records a CPU profile of 60 key presses on each
 * build (Chrome DevTools Protocol) and prints the functions with the most self time.
 * Prints figures only; never fails on timing.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { startApp, type RunningApp } from '../tests/e2e/support/app-server';
import { baseBuild } from './support/base-build';
import { printProfile, type CpuProfile } from './support/cpu-profile';
import { BASE_NAME, openSignedInEditor, type SignedInEditor } from './support/signed-in-editor';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const PER_ROUND = Number(process.env.PER_ROUND ?? 12);
const BEFORE = process.env.BEFORE;
const PROFILE = process.env.PROFILE === '1';

type Samples = {
  fill: number[];
  press: number[];
  text: number[];
  frame: number[];
  frameStart: number[];
  frameDone: number[];
  saves: number;
  keys: number;
};
const emptySamples = (): Samples => ({
  fill: [],
  press: [],
  text: [],
  frame: [],
  frameStart: [],
  frameDone: [],
  saves: 0,
  keys: 0,
});
/** In the page, from the input event: text shown, frame starts, frame done, first task after it. */
type Timing = [number, number, number, number];
type Variant = { label: string; server: RunningApp; editor: SignedInEditor; samples: Samples };

/** Resolves once the preview shows `text`, checked at each animation frame. */
const previewShows = (page: Page, text: string) =>
  page.waitForFunction(
    (wanted) => (document.querySelector('[data-testid="signature-preview"]')?.textContent ?? '').includes(wanted),
    text,
    { polling: 'raf' },
  );

/** Arms the in-page timing of the next input event: to the preview's text, then to after the next frame. */
function arm(page: Page, expected: string) {
  return page.evaluate((text) => {
    const w = window as unknown as {
      __timing?: Promise<[number, number, number, number]>;
      scheduler?: { postTask(task: () => void, options: { priority: string }): Promise<void> };
    };
    const preview = document.querySelector('[data-testid="signature-preview"]')!;
    const input = document.activeElement!;
    w.__timing = new Promise((resolve) => {
      let started = 0;
      input.addEventListener('input', (event) => (started = event.timeStamp), { once: true, capture: true });
      const observer = new MutationObserver(() => {
        if (!(preview.textContent ?? '').includes(text)) return;
        observer.disconnect();
        const shown = performance.now() - started;
        requestAnimationFrame(() => {
          const frameStart = performance.now() - started;
          // Ahead of the ordinary tasks already queued: it runs once this frame's work is done.
          let frameDone = NaN;
          void w.scheduler?.postTask(() => (frameDone = performance.now() - started), { priority: 'user-blocking' });
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve([shown, frameStart, frameDone, performance.now() - started]);
          channel.port2.postMessage(0);
        });
      });
      observer.observe(preview, { childList: true, subtree: true, characterData: true });
    });
  }, expected);
}

async function round(variant: Variant, index: number) {
  const { editor, samples } = variant;
  const { page, name } = editor;
  for (let i = 0; i < PER_ROUND; i += 1) {
    const text = `${BASE_NAME} ${index}-${i}`;
    const t0 = performance.now();
    await name.fill(text);
    await previewShows(page, text);
    samples.fill.push(performance.now() - t0);
  }
  await name.click();
  await page.keyboard.press('End');
  let typed = `${BASE_NAME} ${index}-${PER_ROUND - 1}`;
  for (let i = 0; i < PER_ROUND; i += 1) {
    const char = String.fromCharCode(97 + ((index + i) % 26));
    typed += char;
    await arm(page, typed);
    const t0 = performance.now();
    await page.keyboard.press(char);
    await previewShows(page, typed);
    samples.press.push(performance.now() - t0);
    const [text, frameStart, frameDone, frame] = await page.evaluate(
      () => (window as unknown as { __timing: Promise<Timing> }).__timing,
    );
    samples.text.push(text);
    samples.frameStart.push(frameStart);
    samples.frameDone.push(frameDone);
    samples.frame.push(frame);
  }
  samples.keys += PER_ROUND * 2;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function profile(variant: Variant): Promise<CpuProfile> {
  const { page, name, context } = variant.editor;
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await name.fill(BASE_NAME);
  await name.click();
  await page.keyboard.press('End');
  await cdp.send('Profiler.start');
  let typed = BASE_NAME;
  for (let i = 0; i < 60; i += 1) {
    // As in the measured rounds: a dozen letters, then the name is short again.
    if (i % PER_ROUND === 0) {
      await name.fill(`${BASE_NAME} ${i}`);
      await page.keyboard.press('End');
      typed = `${BASE_NAME} ${i}`;
    }
    const char = String.fromCharCode(97 + (i % 26));
    typed += char;
    await page.keyboard.press(char);
    await previewShows(page, typed);
  }
  await page.waitForTimeout(1_500);
  const { profile: recorded } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  if (process.env.PROFILE_OUT)
    writeFileSync(`${process.env.PROFILE_OUT}-${variant.label.split(' ')[0]}.cpuprofile`, JSON.stringify(recorded));
  await cdp.detach();
  return recorded;
}

async function main() {
  if (!BEFORE) console.log('No BEFORE=<commit>: only this build is measured.');
  const base = BEFORE ? baseBuild(BEFORE) : null;
  const variants: Variant[] = [];
  const open = async (label: string, clientDir: string | undefined) => {
    // startApp serves CLIENT_DIR when set (tests/e2e/support/app-server.ts).
    if (clientDir) process.env.CLIENT_DIR = clientDir;
    else delete process.env.CLIENT_DIR;
    const server = await startApp();
    const editor = await openSignedInEditor(server, label);
    const variant: Variant = { label, server, editor, samples: emptySamples() };
    editor.page.on('request', (req) => {
      if (/\/api\/signatures\/[^/]+$/.test(req.url()) && req.method() !== 'GET') variant.samples.saves += 1;
    });
    variants.push(variant);
  };
  try {
    // BEFORE_CLIENT_DIR, AFTER_CLIENT_DIR: other builds of the same trees (unminified ones, for
    // profiles that name functions: `npx vite build --minify false --outDir <folder>`).
    if (base)
      await open(`before (${base.commit.slice(0, 10)})`, process.env.BEFORE_CLIENT_DIR ?? `${base.dir}/dist/client`);
    await open('after (this tree)', process.env.AFTER_CLIENT_DIR);
    for (const v of variants) await round(v, -1); // warm-up, not counted
    for (const v of variants) v.samples = emptySamples();
    for (let r = 0; r < ROUNDS; r += 1) {
      // Turns alternate which build goes first, so neither always follows the other's leftovers.
      const order = r % 2 === 0 ? variants : [...variants].reverse();
      for (const v of order) await round(v, r);
    }
    const load = os.loadavg()[0]?.toFixed(1);
    console.log(
      `\nSigned in, full signature (every field, logo, nine profiles, watermark, pre-flight panel), ` +
        `${ROUNDS} rounds × ${PER_ROUND} fills + ${PER_ROUND} key presses per build, turns alternating; load ${load} on ${os.cpus().length} cores`,
    );
    console.log(
      `${'build'.padEnd(26)}${'fill+wait'.padStart(11)}${'key press'.padStart(11)}${'input→text'.padStart(12)}${'→frame'.padStart(9)}${'saves/key'.padStart(11)}`,
    );
    for (const { label, samples: s } of variants) {
      const ms = (values: number[]) => `${median(values).toFixed(1)} ms`.padStart(11);
      console.log(
        `${label.padEnd(26)}${ms(s.fill)}${ms(s.press)}${ms(s.text).padStart(12)}${`${median(s.frame).toFixed(1)} ms`.padStart(9)}${(s.saves / Math.max(1, s.keys)).toFixed(2).padStart(11)}`,
      );
    }
    console.log('Budget (issue): fill+wait ≤ 25 ms, key press ≤ 15 ms, input→text ≤ 2 ms, →frame ≤ 7 ms.');
    console.log(`\nThe next frame, from the input event (medians):`);
    console.log(
      `${'build'.padEnd(26)}${'text'.padStart(9)}${'frame starts'.padStart(14)}${'frame done'.padStart(12)}${'→frame'.padStart(9)}`,
    );
    for (const { label, samples: s } of variants) {
      const ms = (values: number[], width: number) => `${median(values).toFixed(1)} ms`.padStart(width);
      console.log(`${label.padEnd(26)}${ms(s.text, 9)}${ms(s.frameStart, 14)}${ms(s.frameDone, 12)}${ms(s.frame, 9)}`);
    }
    if (PROFILE) {
      for (const v of variants) {
        console.log(`\n${v.label}:`);
        printProfile(await profile(v), 20);
      }
    }
  } finally {
    for (const v of variants) {
      await v.editor.close();
      await v.server.stop();
    }
  }
}

main().catch((error: unknown) => {
  // A benchmark reports; it never fails the run.
  console.log(`signed-in keystroke bench could not run: ${error instanceof Error ? error.stack : String(error)}`);
});
