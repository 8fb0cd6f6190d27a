-- Fewer rebuilds of a device's list row on writes (a prepared device cost 3.5 ms more with 0012's
-- triggers, measured): a new device gets its row with its first house or relay (the
-- device_list_houses insert) or its first change, and is formatted when listed until then; a
-- device_list_houses rewrite that changes nothing (a relay without an entrance) and a device
-- update that leaves the listed fields as they were rebuild nothing.
DROP TRIGGER devices_list_row ON devices;
--> statement-breakpoint
CREATE TRIGGER devices_list_row AFTER UPDATE OF mac, buyer_id, status_code, create_date, update_date, type ON devices FOR EACH ROW
  WHEN (old.mac IS DISTINCT FROM new.mac OR old.buyer_id IS DISTINCT FROM new.buyer_id OR old.status_code IS DISTINCT FROM new.status_code
    OR old.create_date IS DISTINCT FROM new.create_date OR old.update_date IS DISTINCT FROM new.update_date OR old.type IS DISTINCT FROM new.type)
  EXECUTE FUNCTION device_list_rows_on_device();
--> statement-breakpoint
DROP TRIGGER device_list_houses_row ON device_list_houses;
--> statement-breakpoint
CREATE TRIGGER device_list_houses_row AFTER INSERT ON device_list_houses FOR EACH ROW EXECUTE FUNCTION device_list_rows_on_houses();
--> statement-breakpoint
CREATE TRIGGER device_list_houses_row_change AFTER UPDATE ON device_list_houses FOR EACH ROW WHEN (old.houses IS DISTINCT FROM new.houses)
  EXECUTE FUNCTION device_list_rows_on_houses();
