import { describe, expect, it } from 'vitest';
import { capabilitiesOf, capabilityRefusal, hasCapability, PLAN_CAPABILITIES, planNeededFor } from './plan-features';
import { shouldShowWatermark } from './watermark';
import { CAPABILITY_WORDS, isCapability, PLANS, getPlan, planCardLines, type Plan } from './plans';

const cardOf = (plan: Plan) => planCardLines(plan);
const before = (plan: Plan) => PLANS[PLANS.indexOf(plan) - 1];
const capabilityOfLine = (line: string) =>
  PLAN_CAPABILITIES.find((capability) => CAPABILITY_WORDS[capability] === line);

describe('the plan cards list what each plan unlocks, from the catalogue the server checks', () => {
  it('each card line is a capability the plan adds, one of its terms, or "Everything in" the plan before', () => {
    for (const plan of PLANS) {
      const terms = plan.adds.filter((line) => !isCapability(line));
      for (const line of cardOf(plan)) {
        const capability = capabilityOfLine(line);
        if (capability) {
          // The server allows it on this plan and refused it on the plan before.
          expect(hasCapability(plan.id, capability), `${plan.name}: ${line}`).toBe(true);
          const previous = before(plan);
          if (previous) expect(hasCapability(previous.id, capability), `${plan.name}: ${line}`).toBe(false);
        } else if (line.startsWith('Everything in ')) {
          expect(line).toBe(`Everything in ${before(plan)!.name}`);
        } else {
          expect(terms, `${plan.name}: ${line}`).toContain(line);
        }
      }
    }
  });

  it('every capability the server checks is sold on exactly one card: the plan its refusal names', () => {
    for (const capability of PLAN_CAPABILITIES) {
      const selling = PLANS.filter((plan) => cardOf(plan).includes(CAPABILITY_WORDS[capability]));
      expect(
        selling.map((p) => p.name),
        capability,
      ).toEqual([planNeededFor(capability)]);
      expect(capabilityRefusal(capability)).toContain(`part of the ${planNeededFor(capability)} plan`);
    }
  });

  it('a plan has exactly the capabilities of the cards up to its own', () => {
    for (const plan of PLANS) {
      const sold = PLANS.slice(0, PLANS.indexOf(plan) + 1)
        .flatMap(cardOf)
        .map(capabilityOfLine)
        .filter((c) => c !== undefined);
      expect(new Set(capabilitiesOf(plan.id)), plan.name).toEqual(new Set(sold));
    }
  });

  it('the Pro card names Google Workspace push, signatures by group and campaigns', () => {
    const pro = cardOf(getPlan('pro')).join('\n');
    expect(pro).toContain('Google Workspace push');
    expect(pro).toContain('signatures by group');
    expect(pro).toContain('Banner campaigns');
    expect(cardOf(getPlan('pro'))[0]).toBe('Everything in Standard');
  });

  it('no card sells what a cheaper plan already has', () => {
    const lines = PLANS.flatMap(cardOf);
    expect(new Set(lines).size).toBe(lines.length);
    const standard = cardOf(getPlan('standard'));
    expect(standard).not.toContain('All templates, colours and fonts');
    expect(standard.some((line) => /template|colour|font/i.test(line))).toBe(false);
    expect(cardOf(getPlan('free'))).toContain('Every template, colour and font');
  });

  it('the watermark lines follow the watermark rule: Free carries it, paid plans do not', () => {
    expect(cardOf(getPlan('free'))).toContain('1 design with watermark');
    expect(cardOf(getPlan('standard'))).toContain('No watermark');
    expect(capabilitiesOf('free')).toEqual([]);
    // Free is the status a Free choice stores; a bought plan's is active.
    expect(shouldShowWatermark('free')).toBe(true);
    expect(shouldShowWatermark('active')).toBe(false);
  });
});
