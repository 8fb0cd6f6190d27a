ALTER TABLE "device_sync_states" ADD COLUMN "resync_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_sync_states" ADD COLUMN "resync_leased_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "device_sync_states_resync_idx" ON "device_sync_states" USING btree ("resync_requested_at") WHERE "device_sync_states"."resync_requested_at" is not null;