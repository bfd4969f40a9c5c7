CREATE TABLE "programme_connections" (
	"connection_request_id" char(24) PRIMARY KEY NOT NULL,
	"programme_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programme_connections" ADD CONSTRAINT "programme_connections_connection_request_id_connection_requests_id_fk" FOREIGN KEY ("connection_request_id") REFERENCES "public"."connection_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programme_connections" ADD CONSTRAINT "programme_connections_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programme_connections_programme_idx" ON "programme_connections" USING btree ("programme_id");--> statement-breakpoint
-- Connections made before: the English sentence "Matched in <programme>" was stored as their text. Link each
-- to the programme that paired or related the two people (the one whose name the sentence gives first, else
-- the latest published), then clear the sentence; a made-up row whose programme is gone loses it too.
INSERT INTO "programme_connections" ("connection_request_id", "programme_id", "created_at")
SELECT DISTINCT ON (c."id") c."id", p."id", coalesce(c."responded_at", c."created_at")
FROM "connection_requests" c
JOIN "programmes" p ON EXISTS (
    SELECT 1 FROM "programme_pairs" pp WHERE pp."programme_id" = p."id" AND pp."mentee_id" = c."student_id" AND pp."mentor_id" = c."professional_id"
  ) OR EXISTS (
    SELECT 1 FROM "relationships" r WHERE r."programme_id" = p."id" AND r."mentee_id" = c."student_id" AND r."mentor_id" = c."professional_id"
  )
WHERE c."response_message" LIKE 'Matched in %'
ORDER BY c."id", (c."response_message" = 'Matched in ' || p."name") DESC, p."published_at" DESC NULLS LAST
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "connection_requests" c
SET "message" = CASE WHEN c."message" = c."response_message" THEN NULL ELSE c."message" END,
    "response_message" = NULL
WHERE c."response_message" LIKE 'Matched in %'
  AND (EXISTS (SELECT 1 FROM "programme_connections" pc WHERE pc."connection_request_id" = c."id") OR c."message" = c."response_message");
