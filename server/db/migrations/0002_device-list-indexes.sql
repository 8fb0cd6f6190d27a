CREATE TABLE "device_list_houses" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"houses" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rs485_scans" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "devices_buyer_idx";--> statement-breakpoint
ALTER TABLE "device_list_houses" ADD CONSTRAINT "device_list_houses_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rs485_scans" ADD CONSTRAINT "rs485_scans_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_buyer_id_idx" ON "devices" USING btree ("buyer_id","id","status_code","type");--> statement-breakpoint
CREATE INDEX "devices_buyer_change_idx" ON "devices" USING btree ("buyer_id","update_date","id","status_code","type");--> statement-breakpoint
CREATE INDEX "devices_buyer_create_idx" ON "devices" USING btree ("buyer_id","create_date","id","status_code","type");--> statement-breakpoint
CREATE INDEX "devices_buyer_mac_idx" ON "devices" USING btree ("buyer_id","mac","status_code","type");--> statement-breakpoint
CREATE INDEX "devices_buyer_status_type_idx" ON "devices" USING btree ("buyer_id","status_code","type","id");--> statement-breakpoint
CREATE INDEX "devices_buyer_type_idx" ON "devices" USING btree ("buyer_id","type","status_code","id");--> statement-breakpoint
-- The device list's houses of one device: house uid -> {address, entrances its relays open}.
CREATE FUNCTION device_list_houses_of(target integer) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_object_agg(h.uid, jsonb_build_object(
    'address', h.address,
    'entrances', coalesce((
      SELECT jsonb_agg(jsonb_build_object('mac', d.mac, 'entranceUid', e.uid, 'title', e.title, 'houseUid', e.house_uid) ORDER BY e.entrance_num, e.uid)
      FROM entrances e
      WHERE e.house_uid = h.uid AND e.uid IN (SELECT r.entrance_uid FROM device_relays r WHERE r.device_id = target)
    ), '[]'::jsonb))), '{}'::jsonb)
  FROM devices d, houses h
  WHERE d.id = target AND h.uid IN (
    SELECT dh.house_uid FROM device_houses dh WHERE dh.device_id = target
    UNION
    SELECT e2.house_uid FROM device_relays r2 JOIN entrances e2 ON e2.uid = r2.entrance_uid WHERE r2.device_id = target
  )
$$;
--> statement-breakpoint
-- Rebuilds a device's row. The device row is locked first, so two transactions changing the same
-- device take turns and the second one's rebuild (a new statement) sees the first one's change.
CREATE FUNCTION device_list_houses_rebuild(target integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM devices WHERE id = target FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO device_list_houses (device_id, houses) VALUES (target, device_list_houses_of(target))
  ON CONFLICT (device_id) DO UPDATE SET houses = excluded.houses;
END
$$;
--> statement-breakpoint
CREATE FUNCTION device_list_houses_on_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op IN ('UPDATE', 'DELETE') THEN PERFORM device_list_houses_rebuild(old.device_id); END IF;
  IF tg_op IN ('INSERT', 'UPDATE') AND (tg_op = 'INSERT' OR new.device_id <> old.device_id) THEN PERFORM device_list_houses_rebuild(new.device_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_houses_list AFTER INSERT OR UPDATE OR DELETE ON device_houses FOR EACH ROW EXECUTE FUNCTION device_list_houses_on_link();
--> statement-breakpoint
CREATE TRIGGER device_relays_list AFTER INSERT OR UPDATE OR DELETE ON device_relays FOR EACH ROW EXECUTE FUNCTION device_list_houses_on_link();
--> statement-breakpoint
CREATE FUNCTION device_list_houses_on_place() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
BEGIN
  FOR target IN
    SELECT dh.device_id FROM device_houses dh WHERE tg_table_name = 'houses' AND dh.house_uid = new.uid
    UNION
    SELECT r.device_id FROM device_relays r JOIN entrances e ON e.uid = r.entrance_uid
    WHERE (tg_table_name = 'houses' AND e.house_uid = new.uid) OR (tg_table_name = 'entrances' AND e.uid = new.uid)
  LOOP
    PERFORM device_list_houses_rebuild(target);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER houses_device_list AFTER UPDATE OF address ON houses FOR EACH ROW WHEN (old.address IS DISTINCT FROM new.address) EXECUTE FUNCTION device_list_houses_on_place();
--> statement-breakpoint
CREATE TRIGGER entrances_device_list AFTER UPDATE OF title, house_uid, entrance_num ON entrances FOR EACH ROW
  WHEN (old.title IS DISTINCT FROM new.title OR old.house_uid IS DISTINCT FROM new.house_uid OR old.entrance_num IS DISTINCT FROM new.entrance_num)
  EXECUTE FUNCTION device_list_houses_on_place();
