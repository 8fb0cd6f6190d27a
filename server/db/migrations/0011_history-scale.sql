DROP INDEX "device_history_type_idx";--> statement-breakpoint
DROP INDEX "device_history_device_date_idx";--> statement-breakpoint
DROP INDEX "device_history_date_idx";--> statement-breakpoint
ALTER TABLE "device_history_events" ADD COLUMN "buyer_id" integer;--> statement-breakpoint
UPDATE "device_history_events" e SET "buyer_id" = d."buyer_id" FROM "devices" d WHERE d."id" = e."device_id";--> statement-breakpoint
ALTER TABLE "device_history_events" ALTER COLUMN "buyer_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "device_history_buyer_date_idx" ON "device_history_events" USING btree ("buyer_id","event_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_history_buyer_type_idx" ON "device_history_events" USING btree ("buyer_id","event_type","event_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_history_rfid_idx" ON "device_history_events" USING btree ("rfid","event_date" DESC NULLS LAST) WHERE "device_history_events"."rfid" is not null;--> statement-breakpoint
CREATE INDEX "device_history_login_idx" ON "device_history_events" USING btree ("login","event_date" DESC NULLS LAST) WHERE "device_history_events"."login" is not null;--> statement-breakpoint
CREATE INDEX "device_history_user_idx" ON "device_history_events" USING btree ("user_id","event_date" DESC NULLS LAST) WHERE "device_history_events"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "device_history_code_idx" ON "device_history_events" USING btree ("open_code","event_date" DESC NULLS LAST) WHERE "device_history_events"."open_code" is not null;--> statement-breakpoint
CREATE INDEX "device_history_image_idx" ON "device_history_events" USING btree ("image_id") WHERE "device_history_events"."image_id" is not null;--> statement-breakpoint
CREATE INDEX "device_history_device_date_idx" ON "device_history_events" USING btree ("device_id","event_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "device_history_date_idx" ON "device_history_events" USING btree ("event_date" DESC NULLS LAST,"id" DESC NULLS LAST);