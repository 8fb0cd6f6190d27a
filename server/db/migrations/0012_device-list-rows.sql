CREATE TABLE "device_list_rows" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"row_json" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_list_rows" ADD CONSTRAINT "device_list_rows_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One device's device-list row as JSON text, byte for byte what the list route formatted before
-- (server/repositories/device-list.ts): the buyer's name only when the buyer exists, dates as
-- Date.prototype.toISOString() writes them, the houses from device_list_houses.
CREATE FUNCTION device_list_row_of(target integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"DEVICE_ID":' || d.id
    || ',"MAC":' || to_json(d.mac)::text
    || ',"BUYER_ID":' || d.buyer_id
    || coalesce(',"BUYER_NAME":' || to_json(b.name)::text, '')
    || ',"STATUS_CODE":' || d.status_code
    || ',"CREATE_DATE":"' || to_char(d.create_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","LAST_CHANGE":"' || to_char(d.update_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    || '","TYPE":' || d.type
    || ',"houses":' || coalesce(c.houses, device_list_houses_of(d.id))::text
    || '}'
  FROM devices d
  LEFT JOIN buyers b ON b.id = d.buyer_id
  LEFT JOIN device_list_houses c ON c.device_id = d.id
  WHERE d.id = target
$$;
--> statement-breakpoint
-- Callers hold the device row's lock (its own UPDATE, or FOR UPDATE), so two transactions changing
-- one device take turns and the later rebuild sees the earlier change.
CREATE FUNCTION device_list_rows_rebuild(target integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  formatted text := device_list_row_of(target);
BEGIN
  IF formatted IS NULL THEN RETURN; END IF;
  INSERT INTO device_list_rows (device_id, row_json) VALUES (target, formatted)
  ON CONFLICT (device_id) DO UPDATE SET row_json = excluded.row_json;
END
$$;
--> statement-breakpoint
CREATE FUNCTION device_list_rows_on_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_list_rows_rebuild(new.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER devices_list_row AFTER INSERT OR UPDATE OF mac, buyer_id, status_code, create_date, update_date, type ON devices
  FOR EACH ROW EXECUTE FUNCTION device_list_rows_on_device();
--> statement-breakpoint
-- device_list_houses_rebuild (migration 0002) locks the device row before it writes.
CREATE FUNCTION device_list_rows_on_houses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_list_rows_rebuild(new.device_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_list_houses_row AFTER INSERT OR UPDATE ON device_list_houses FOR EACH ROW EXECUTE FUNCTION device_list_rows_on_houses();
--> statement-breakpoint
CREATE FUNCTION device_list_rows_on_buyer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM devices WHERE buyer_id = new.id FOR UPDATE;
  UPDATE device_list_rows r SET row_json = device_list_row_of(r.device_id)
  FROM devices d WHERE d.id = r.device_id AND d.buyer_id = new.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER buyers_device_list_row AFTER UPDATE OF name ON buyers FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name)
  EXECUTE FUNCTION device_list_rows_on_buyer();
--> statement-breakpoint
INSERT INTO device_list_rows (device_id, row_json) SELECT id, device_list_row_of(id) FROM devices;
