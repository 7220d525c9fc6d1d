CREATE TABLE "webhook_nonces" (
	"organization_id" text NOT NULL,
	"provider" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_nonces_organization_id_provider_nonce_pk" PRIMARY KEY("organization_id","provider","nonce")
);
--> statement-breakpoint
ALTER TABLE "webhook_nonces" ADD CONSTRAINT "webhook_nonces_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_nonces_expiry" ON "webhook_nonces" USING btree ("expires_at");