ALTER TABLE "organisation_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
-- Issue 28 (decision 731): a domain already held counts only where a member's confirmed address proves it
-- (an address at the domain itself or at a parent of it).
UPDATE "organisation_domains" d SET "verified_at" = now()
WHERE EXISTS (
  SELECT 1 FROM "organisation_members" m JOIN "users" u ON u.id = m.user_id
  WHERE m.organisation_id = d.organisation_id AND u.email_confirmed_at IS NOT NULL
    AND (d.domain = split_part(u.email, '@', 2) OR d.domain LIKE '%.' || split_part(u.email, '@', 2))
);
