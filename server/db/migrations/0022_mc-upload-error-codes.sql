ALTER TABLE "mc_upload_jobs" ADD COLUMN "last_error_code" text;--> statement-breakpoint
ALTER TABLE "mc_upload_jobs" ADD COLUMN "last_error_params" jsonb;