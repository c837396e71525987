-- A campaign's audience may be Google groups (docs/decisions/0236): null for an audience of everyone or of rules.
ALTER TABLE "campaign" ADD COLUMN "audience_groups" jsonb;
