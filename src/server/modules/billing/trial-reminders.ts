import { DAY_MS } from '../../../shared/duration';
import type { MailMessage } from '../../mail/mailer';
import { trialEndingMessage } from '../../mail/templates/billing-messages';
import type { TrialReminderKind, TrialReminderRepository } from './trial-reminder.repository';

/**
 * E-mails to the owner and admins 3 days and 1 day before an organization's trial ends with
 * nothing bought (docs/decisions/0153). Each goes once: the claim's insert decides, so two
 * processes running the pass together send it once. An organization first seen with a day or less
 * left gets only the 1-day reminder.
 */
export function createTrialReminders(deps: {
  repository: TrialReminderRepository;
  sendMail: (message: MailMessage) => Promise<void>;
  publicUrl: string;
}) {
  return {
    async run(now: Date): Promise<number> {
      let sent = 0;
      const ending = await deps.repository.listTrialsEndingBy(now, new Date(now.getTime() + 3 * DAY_MS));
      for (const org of ending) {
        const left = org.trialEndsAt!.getTime() - now.getTime();
        const kind: TrialReminderKind = left <= DAY_MS ? '1-day' : '3-days';
        if (!(await deps.repository.claim(org.id, kind))) continue;
        for (const manager of await deps.repository.listManagers(org.id)) {
          await deps.sendMail(
            trialEndingMessage({
              to: manager.email,
              name: manager.name,
              organizationName: org.name,
              trialEndsAt: org.trialEndsAt!,
              kind,
              publicUrl: deps.publicUrl,
            }),
          );
          sent++;
        }
      }
      return sent;
    },
  };
}
export type TrialReminders = ReturnType<typeof createTrialReminders>;
