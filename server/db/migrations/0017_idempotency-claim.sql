-- Takes the idempotency lock of (user, key) and reads its stored answer in one round trip (issue 16
-- §5: every job of an outbox replay is an idempotent request). A plpgsql function, not one SELECT:
-- its second statement takes a fresh snapshot after the lock is held, so it sees the answer of a
-- transaction that committed (and let the lock go) while this one waited for its statement to start.
-- locked false: another transaction holds the key. No row of stored data: the key is new.
CREATE FUNCTION idempotency_claim(target_user integer, target_key text, lock_name text, ttl_seconds integer)
  RETURNS TABLE (locked boolean, request_hash text, status_code integer, response_body text, expired boolean)
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended(lock_name, 0)) THEN
    RETURN QUERY SELECT false, NULL::text, NULL::integer, NULL::text, false;
    RETURN;
  END IF;
  RETURN QUERY
    SELECT true, k.request_hash, k.status_code::integer, k.response_body, k.created_at < now() - make_interval(secs => ttl_seconds)
    FROM idempotency_keys k WHERE k.user_id = target_user AND k.key = target_key;
  IF NOT FOUND THEN
    RETURN QUERY SELECT true, NULL::text, NULL::integer, NULL::text, false;
  END IF;
END
$$;
