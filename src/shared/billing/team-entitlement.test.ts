import { describe, expect, it } from 'vitest';
import { effectiveSubscriptionStatus, seatedUserIds, type TeamMemberFacts } from './team-entitlement';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const owner = (ownStatus: string): TeamMemberFacts => ({
  userId: 'owner',
  role: 'owner',
  ownStatus,
  joinedAt: day(1),
  name: 'Olivia Owner',
});
const mate = (ownStatus = 'none', n = 2, role = 'member'): TeamMemberFacts => ({
  userId: `mate${n}`,
  role,
  ownStatus,
  joinedAt: day(n),
});

describe('effectiveSubscriptionStatus', () => {
  it("keeps a person's own paid status", () => {
    expect(
      effectiveSubscriptionStatus({
        userId: 'owner',
        own: 'lifetime',
        organizationPlan: 'trial',
        seats: 10,
        members: [owner('lifetime')],
      }),
    ).toEqual({
      status: 'lifetime',
      coveredByTeam: false,
      seatNotice: null,
    });
  });

  it('gives a member of a paid organization with a paying owner the active status', () => {
    expect(
      effectiveSubscriptionStatus({
        userId: 'mate2',
        own: 'none',
        organizationPlan: 'standard',
        seats: 2,
        members: [owner('active'), mate()],
      }),
    ).toEqual({ status: 'active', coveredByTeam: true, seatNotice: null });
    const admin: TeamMemberFacts = { ...mate('lifetime', 3, 'admin') };
    expect(
      effectiveSubscriptionStatus({
        userId: 'mate2',
        own: 'free',
        organizationPlan: 'pro',
        seats: 3,
        members: [owner('free'), mate('free'), admin],
      }).status,
    ).toBe('active');
  });

  it('does not cover members when the payer is past due, or the organization is on trial or free', () => {
    const members = (s: string) => [owner(s), mate()];
    expect(
      effectiveSubscriptionStatus({
        userId: 'mate2',
        own: 'none',
        organizationPlan: 'standard',
        seats: 5,
        members: members('past_due'),
      }).status,
    ).toBe('none');
    expect(
      effectiveSubscriptionStatus({
        userId: 'mate2',
        own: 'free',
        organizationPlan: 'trial',
        seats: 5,
        members: members('active'),
      }).status,
    ).toBe('free');
    expect(
      effectiveSubscriptionStatus({
        userId: 'mate2',
        own: 'free',
        organizationPlan: 'free',
        seats: 5,
        members: members('active'),
      }).status,
    ).toBe('free');
  });

  it('covers only as many people as seats: the payer, then the owner, then by join date', () => {
    // Ten people, one seat bought by the owner: nine keep the watermark and are told why.
    const team = [owner('active'), ...Array.from({ length: 9 }, (_, i) => mate('free', i + 2))];
    expect([...seatedUserIds({ organizationPlan: 'standard', seats: 1, members: team })]).toEqual(['owner']);
    const answer = effectiveSubscriptionStatus({
      userId: 'mate5',
      own: 'free',
      organizationPlan: 'standard',
      seats: 1,
      members: team,
    });
    expect(answer).toMatchObject({ status: 'free', coveredByTeam: false });
    expect(answer.seatNotice).toBe(
      "Your organization's Standard plan pays for 1 seat and 10 people use it. Seats go to the owner first, then by the date people joined, " +
        'so your signature carries the SignaturePro watermark. Ask Olivia Owner, who pays for the plan, to add seats under Plan & Billing.',
    );
    // Three seats: the owner and the two who joined first.
    expect([...seatedUserIds({ organizationPlan: 'standard', seats: 3, members: team })].sort()).toEqual([
      'mate2',
      'mate3',
      'owner',
    ]);
    // An admin who pays takes the first seat, the owner the second, whatever the join dates.
    const withPayingAdmin = [owner('free'), mate('free', 2), mate('active', 9, 'admin')];
    expect([...seatedUserIds({ organizationPlan: 'pro', seats: 2, members: withPayingAdmin })].sort()).toEqual([
      'mate9',
      'owner',
    ]);
    // A member who bought a plan for themselves needs no seat of the team's.
    const selfPaid = [owner('active'), mate('active', 2), mate('free', 3)];
    expect([...seatedUserIds({ organizationPlan: 'standard', seats: 2, members: selfPaid })].sort()).toEqual([
      'mate3',
      'owner',
    ]);
  });

  it('on Free (a trial that ended unpaid), the people beyond its one seat are told why; the owner is not', () => {
    const team = [owner('free'), mate('none', 2, 'admin'), mate('free', 3)];
    const ask = (userId: string, seats = 1, organizationPlan = 'free') =>
      effectiveSubscriptionStatus({ userId, own: 'free', organizationPlan, seats, members: team });
    expect(ask('owner')).toEqual({ status: 'free', coveredByTeam: false, seatNotice: null });
    expect(ask('mate3')).toEqual({
      status: 'free',
      coveredByTeam: false,
      seatNotice:
        'Your organization is on the Free plan, which has 1 seat, and 3 people use it. Seats go to the owner first, then by the date ' +
        'people joined, so your signature carries the SignaturePro watermark. Ask Olivia Owner or an admin to choose Standard or Pro under Plan & Billing.',
    });
    expect(ask('mate2').seatNotice).not.toBeNull();
    // While the trial runs, nobody is beyond its seats.
    expect(ask('mate3', 10, 'trial').seatNotice).toBeNull();
  });
});
