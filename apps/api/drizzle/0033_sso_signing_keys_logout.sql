CREATE TABLE "sso_logout_tokens" (
	"issuer" text NOT NULL,
	"jti" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_logout_tokens_issuer_jti_pk" PRIMARY KEY("issuer","jti")
);
--> statement-breakpoint
CREATE TABLE "sso_oidc_sessions" (
	"auth_session_id" char(24) PRIMARY KEY NOT NULL,
	"connection_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"sid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sp_keys" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"connection_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"private_key_enc" text NOT NULL,
	"certificate" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sso_oidc_sessions" ADD CONSTRAINT "sso_oidc_sessions_auth_session_id_auth_sessions_id_fk" FOREIGN KEY ("auth_session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_oidc_sessions" ADD CONSTRAINT "sso_oidc_sessions_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_oidc_sessions" ADD CONSTRAINT "sso_oidc_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sp_keys" ADD CONSTRAINT "sso_sp_keys_connection_id_sso_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sso_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_oidc_sessions_sid_idx" ON "sso_oidc_sessions" USING btree ("connection_id","sid");--> statement-breakpoint
CREATE INDEX "sso_oidc_sessions_user_idx" ON "sso_oidc_sessions" USING btree ("connection_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_sp_keys_active_key" ON "sso_sp_keys" USING btree ("connection_id") WHERE "sso_sp_keys"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "sso_sp_keys_next_key" ON "sso_sp_keys" USING btree ("connection_id") WHERE "sso_sp_keys"."status" = 'next';