-- The audit trail's recording in two functions whose statements PostgreSQL plans once per
-- connection (PL/pgSQL keeps their plans), instead of a large statement planned on every request
-- (plugins/audit.ts; docs/api.md «Audit»).
--
-- A target's state as one JSON object: its row and the links the screens edit with it (a device's
-- SIP account, houses and groups; a flat's residents' logins; a user's SIP accounts, groups and
-- flats; a house's row). `of_key` is the MAC, the house uid or the flat's house uid; `of_num` the
-- flat number or the user id. Null when the target does not exist.
CREATE FUNCTION "audit_state"(of_kind text, of_key text, of_num integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
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
      RETURN (SELECT to_jsonb(h) FROM houses h WHERE h.uid = of_key);
    ELSE
      RETURN NULL;
  END CASE;
END
$$;--> statement-breakpoint
-- Writes one record: `fields` holds its own columns by name (user_id … message, targets); with a
-- target (of_kind), its state after is read and diffed against `before` (audit_diff, migration
-- 0018), else `given_diff` is kept as given ('request', or none). The buyer is the target's (after, else
-- before), else `fallback_buyer`. With only_if_wrote, in a transaction that has written nothing
-- yet (no transaction id until its first write or row lock) nothing is written: null.
CREATE FUNCTION "audit_record"(fields jsonb, of_kind text, of_key text, of_num integer, before jsonb, given_diff jsonb, fallback_buyer integer, only_if_wrote boolean)
RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  after jsonb;
  written bigint;
BEGIN
  IF only_if_wrote AND pg_current_xact_id_if_assigned() IS NULL THEN
    RETURN NULL;
  END IF;
  IF of_kind IS NOT NULL THEN
    after := audit_state(of_kind, of_key, of_num);
  END IF;
  INSERT INTO audit_records (user_id, user_login, user_roles, buyer_id, ip, user_agent, outbox, idempotency_key, method, route, target_kind, target_id, targets, diff, diff_source, status, message)
  SELECT r.user_id, r.user_login, r.user_roles, coalesce((coalesce(after, before) ->> 'buyer_id')::integer, fallback_buyer), r.ip, r.user_agent,
    coalesce(r.outbox, false), r.idempotency_key, r.method, r.route, r.target_kind, r.target_id, coalesce(r.targets, '{}'::jsonb),
    CASE WHEN of_kind IS NOT NULL THEN audit_diff(before, after) ELSE given_diff END,
    CASE WHEN of_kind IS NOT NULL THEN 'snapshot' WHEN given_diff IS NOT NULL THEN 'request' END,
    r.status, r.message
  FROM jsonb_populate_record(NULL::audit_records, fields) r
  RETURNING id INTO written;
  RETURN written;
END
$$;
