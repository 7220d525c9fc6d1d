CREATE TABLE "attendance_marks" (
	"organization_id" text NOT NULL,
	"mark_id" text NOT NULL,
	"service_id" text NOT NULL,
	"participant_id" text NOT NULL,
	"mark" text NOT NULL,
	"note" text,
	"marked_at" timestamp with time zone NOT NULL,
	"marked_by_user_id" text,
	"applied" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_marks_organization_id_mark_id_pk" PRIMARY KEY("organization_id","mark_id")
);
--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "attendance_mark_id" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "attendance_note" text;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_organization_id_participant_id_participants_organization_id_id_fk" FOREIGN KEY ("organization_id","participant_id") REFERENCES "public"."participants"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_marks_org_participant" ON "attendance_marks" USING btree ("organization_id","participant_id","marked_at");