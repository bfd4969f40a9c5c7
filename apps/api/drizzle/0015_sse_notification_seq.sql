CREATE TABLE "notification_counters" (
	"user_id" char(24) PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_counters" ADD CONSTRAINT "notification_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Number the existing notifications per user in creation order, and start each user's counter after them.
UPDATE "notifications" n SET "seq" = s.rn
  FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at", "id") AS rn FROM "notifications") s
  WHERE n."id" = s."id";--> statement-breakpoint
INSERT INTO "notification_counters" ("user_id", "last_seq") SELECT "user_id", max("seq") FROM "notifications" GROUP BY "user_id";--> statement-breakpoint
-- Every insert, whatever path it comes from (notify, a fan-out batch, the seed), takes the user's next
-- number. The upsert locks the user's counter row until commit, so concurrent inserts for one user
-- serialise and a user's seq order is their commit order (docs/decisions/600).
CREATE FUNCTION "notifications_assign_seq"() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO notification_counters AS c (user_id, last_seq) VALUES (NEW.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET last_seq = c.last_seq + 1
    RETURNING c.last_seq INTO NEW.seq;
  RETURN NEW;
END $fn$;--> statement-breakpoint
CREATE TRIGGER "notifications_assign_seq" BEFORE INSERT ON "notifications" FOR EACH ROW EXECUTE FUNCTION "notifications_assign_seq"();--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq");
