CREATE INDEX "users_org_created" ON "users" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "users_org_last_login" ON "users" USING btree ("organization_id","last_login_at");--> statement-breakpoint
CREATE INDEX "users_org_establishment" ON "users" USING btree ("organization_id","establishment_id");--> statement-breakpoint
CREATE INDEX "periods_org_establishment" ON "periods" USING btree ("organization_id","establishment_id");