ALTER TABLE "device_sync_changes" ADD COLUMN "last_error_code" text;--> statement-breakpoint
ALTER TABLE "device_sync_changes" ADD COLUMN "last_error_params" jsonb;