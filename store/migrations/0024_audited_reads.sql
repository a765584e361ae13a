-- An admin's reads of a customer's data are audited once per admin, thing and hour (issue 27): the check
-- before each write looks for the same admin's same read.
CREATE INDEX audit_log_admin_action ON audit_log (admin_id, action, target, created_at);
