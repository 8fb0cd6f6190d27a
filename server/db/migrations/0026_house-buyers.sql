-- A house belongs to the buyers of its entrances (docs/api.md «Houses»). A list in a buyer's scope
-- asked that of every house it read with a probe of entrances (about 15 µs a house: 15 ms for the
-- thousand rows an address search may read); houses.buyer_ids holds the answer in the row. It is
-- kept by statement triggers on entrances, which recompute the houses the statement touched
-- (set-based: a seed's 57,000 entrances are one update) and write only a house whose buyers
-- changed: an update takes the house's row lock until the commit, and concurrent wizard saves of
-- one house's entrances waited on it (tests/e2e/offline-chaos.test.ts timed out).
ALTER TABLE "houses" ADD COLUMN "buyer_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
UPDATE "houses" h SET "buyer_ids" = s.ids
  FROM (SELECT house_uid, array_agg(DISTINCT buyer_id ORDER BY buyer_id) AS ids FROM entrances GROUP BY house_uid) s
  WHERE s.house_uid = h.uid;--> statement-breakpoint
CREATE FUNCTION "houses_buyers_of"(house text) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT buyer_id ORDER BY buyer_id), '{}'::integer[]) FROM entrances WHERE house_uid = house
$$;--> statement-breakpoint
CREATE FUNCTION "houses_buyers_after_entrances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE houses h SET buyer_ids = houses_buyers_of(h.uid) WHERE h.uid IN (SELECT DISTINCT house_uid FROM new_rows) AND h.buyer_ids IS DISTINCT FROM houses_buyers_of(h.uid);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE houses h SET buyer_ids = houses_buyers_of(h.uid) WHERE h.uid IN (SELECT DISTINCT house_uid FROM old_rows) AND h.buyer_ids IS DISTINCT FROM houses_buyers_of(h.uid);
  ELSE
    UPDATE houses h SET buyer_ids = houses_buyers_of(h.uid)
      WHERE h.uid IN (SELECT house_uid FROM old_rows UNION SELECT house_uid FROM new_rows) AND h.buyer_ids IS DISTINCT FROM houses_buyers_of(h.uid);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "entrances_house_buyers_insert" AFTER INSERT ON "entrances" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION houses_buyers_after_entrances();--> statement-breakpoint
CREATE TRIGGER "entrances_house_buyers_delete" AFTER DELETE ON "entrances" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION houses_buyers_after_entrances();--> statement-breakpoint
CREATE TRIGGER "entrances_house_buyers_update" AFTER UPDATE ON "entrances" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION houses_buyers_after_entrances();--> statement-breakpoint
-- The audit trail's house state is what a person edits: not the columns the database derives.
CREATE OR REPLACE FUNCTION "audit_state"(of_kind text, of_key text, of_num integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  CASE of_kind
    WHEN 'device' THEN
      RETURN (SELECT to_jsonb(d) - 'update_date' || jsonb_build_object(
          'sip', (SELECT to_jsonb(s) - 'id' - 'device_id' FROM sip_accounts s WHERE s.device_id = d.id),
          'houses', (SELECT coalesce(jsonb_agg(h.house_uid ORDER BY h.house_uid), '[]'::jsonb) FROM device_houses h WHERE h.device_id = d.id),
          'groups', (SELECT coalesce(jsonb_agg(g.group_id ORDER BY g.group_id), '[]'::jsonb) FROM device_groups g WHERE g.device_id = d.id))
        FROM devices d WHERE d.mac = of_key);
    WHEN 'flat' THEN
      RETURN (SELECT to_jsonb(f) || jsonb_build_object(
          'users', (SELECT coalesce(jsonb_agg(u.login ORDER BY u.login), '[]'::jsonb) FROM flat_users fu JOIN users u ON u.id = fu.user_id WHERE fu.flat_id = f.id))
        FROM flats f WHERE f.house_uid = of_key AND f.flat_num = of_num);
    WHEN 'user' THEN
      RETURN (SELECT to_jsonb(u) || jsonb_build_object(
          'sip', (SELECT coalesce(jsonb_agg(to_jsonb(s) - 'user_id' ORDER BY s.id), '[]'::jsonb) FROM sip_accounts s WHERE s.user_id = u.id),
          'groups', (SELECT coalesce(jsonb_agg(g.group_id ORDER BY g.group_id), '[]'::jsonb) FROM user_groups g WHERE g.user_id = u.id),
          'flats', (SELECT coalesce(jsonb_agg(f.house_uid || ':' || f.flat_num ORDER BY f.house_uid, f.flat_num), '[]'::jsonb) FROM flat_users fu JOIN flats f ON f.id = fu.flat_id WHERE fu.user_id = u.id))
        FROM users u WHERE u.id = of_num);
    WHEN 'house' THEN
      RETURN (SELECT to_jsonb(h) - 'address_search' - 'buyer_ids' FROM houses h WHERE h.uid = of_key);
    ELSE
      RETURN NULL;
  END CASE;
END
$$;
--> statement-breakpoint
-- The update above rewrote every house: its new index entries wait in the trigram index's pending
-- list, which every search would read until a vacuum; they go into the index now, and the
-- planner gets fresh statistics.
SELECT gin_clean_pending_list('houses_address_words_idx'::regclass);--> statement-breakpoint
ANALYZE "houses";
