-- The device list reads each device's houses from device_list_houses, which triggers keep.
-- Devices written with the triggers off (the large seed) or before 0002 get their row here, once,
-- instead of on their first listing.
INSERT INTO device_list_houses (device_id, houses)
SELECT id, device_list_houses_of(id) FROM devices
ON CONFLICT (device_id) DO NOTHING;
