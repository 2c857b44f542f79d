//! The users database's schema: the version this code writes and the migrations that
//! bring a database of any earlier version to it, in one transaction.

use super::{cart, saved};
use crate::error::UpstreamError;
use rusqlite::{Connection, Transaction, TransactionBehavior};

/// Schema version this code writes (`PRAGMA user_version`).
/// Version 2 adds the cart tables (`cart::schema`); version 3 what a refresh token was
/// rotated into, and the pending tokens already used; version 4 saved searches
/// (`saved::SCHEMA`); version 5 the login sessions: each refresh token's session id,
/// the sessions ended before their tokens expired, and the old portal's own sessions;
/// version 6 whether an account's address is confirmed, when it was made, and the
/// confirmation codes mailed (`confirmation`). Accounts of earlier versions count as
/// confirmed: they were made before anything asked for it. Version 7 the follows
/// (`follows::SCHEMA`) and the outbox's headers (`List-Unsubscribe`). Version 8 where
/// each follow's cursor started (`since`): a follow of version 7 counts as having mailed
/// nothing yet. Version 9 the confirmation codes of follows, several per follow, each with
/// the frequency it confirms (`follow_codes`).
const SCHEMA_VERSION: i64 = 9;

/// Brings a database of any earlier version to [`SCHEMA_VERSION`], in one transaction.
pub(super) fn migrate(db: &mut Connection) -> Result<(), UpstreamError> {
    let version: i64 = db.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version >= SCHEMA_VERSION {
        return Ok(());
    }
    let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
    if version < 1 {
        migrate_to_1(&tx)?;
    }
    // Version 2: the cart, version 4: saved searches (nothing earlier is touched).
    tx.execute_batch(&cart::schema())?;
    tx.execute_batch(saved::SCHEMA)?;
    tx.execute_batch(super::lease::SCHEMA)?;
    if version < 5 {
        if version >= 1 {
            // Tokens of earlier versions keep a session of their own: the first token's
            // digest (`coalesce(sid, token_hash)`), carried through its rotations.
            tx.execute_batch("ALTER TABLE refresh_tokens ADD COLUMN sid TEXT;")?;
        }
        tx.execute_batch(
            "CREATE INDEX IF NOT EXISTS refresh_tokens_sid ON refresh_tokens (sid);
             -- Login sessions ended (logout, a new password) while access tokens of theirs
             -- may still be unexpired: kept until the last of those has expired.
             CREATE TABLE IF NOT EXISTS ended_sessions (sid TEXT PRIMARY KEY, expires INTEGER NOT NULL);
             -- The old portal's sessions: an opaque token (kept as its digest) bound to
             -- the login session that opened it.
             CREATE TABLE IF NOT EXISTS old_sessions (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL,
               sid TEXT NOT NULL, expires INTEGER NOT NULL);
             CREATE INDEX IF NOT EXISTS old_sessions_sid ON old_sessions (sid);
             CREATE INDEX IF NOT EXISTS old_sessions_user ON old_sessions (user_id);",
        )?;
    }
    if version < 3 {
        tx.execute_batch(
            "ALTER TABLE refresh_tokens ADD COLUMN rotated INTEGER;
             -- The token this one was rotated into, masked with a key derived from this
             -- one (`seal_successor`): the database alone gives no live token.
             ALTER TABLE refresh_tokens ADD COLUMN successor TEXT;
             CREATE TABLE IF NOT EXISTS spent_pending (jti TEXT PRIMARY KEY, expires INTEGER NOT NULL);",
        )?;
    }
    if version < 6 {
        tx.execute_batch(
            "ALTER TABLE users ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 1;
             ALTER TABLE users ADD COLUMN created INTEGER NOT NULL DEFAULT 0;
             CREATE INDEX IF NOT EXISTS users_unconfirmed ON users (created) WHERE confirmed = 0;
             CREATE TABLE IF NOT EXISTS confirmations (code_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL,
               expires INTEGER NOT NULL);
             CREATE INDEX IF NOT EXISTS confirmations_user ON confirmations (user_id);",
        )?;
    }
    tx.execute_batch(super::follows::SCHEMA)?;
    // Version 7: the outbox's headers (a database made at version 7 or later, then
    // marked older, has them already).
    let has_headers = tx.prepare("SELECT 1 FROM pragma_table_info('outbox') WHERE name = 'headers'")?.exists([])?;
    if !has_headers {
        tx.execute_batch("ALTER TABLE outbox ADD COLUMN headers TEXT NOT NULL DEFAULT '{}';")?;
    }
    let has_since = tx.prepare("SELECT 1 FROM pragma_table_info('follows') WHERE name = 'since'")?.exists([])?;
    if !has_since {
        tx.execute_batch(
            "ALTER TABLE follows ADD COLUMN since INTEGER NOT NULL DEFAULT 0;
             UPDATE follows SET since = cursor;",
        )?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    Ok(())
}

/// Version 0 kept refresh tokens and recovery codes in clear: they are dropped (their
/// holders log in again or ask for a new code) rather than carried over.
fn migrate_to_1(tx: &Transaction<'_>) -> Result<(), UpstreamError> {
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL,
           password TEXT NOT NULL, type TEXT NOT NULL, totp_secret TEXT NOT NULL DEFAULT '',
           profile TEXT NOT NULL DEFAULT '{}', company TEXT NOT NULL DEFAULT '{}');
         CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY, recipient TEXT NOT NULL, subject TEXT NOT NULL,
           body TEXT NOT NULL, created INTEGER NOT NULL);
         DROP TABLE IF EXISTS refresh_tokens;
         DROP TABLE IF EXISTS recovery;
         CREATE TABLE refresh_tokens (token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL,
           expires INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0, sid TEXT);
         CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
         CREATE TABLE recovery (code_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, expires INTEGER NOT NULL);
         CREATE INDEX recovery_user ON recovery (user_id);
         -- The time step of the last one-time code accepted: a code is good once.
         ALTER TABLE users ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;",
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::tests::refresh_token;
    use super::super::{random_token, Users};
    use crate::UpstreamConfig;
    use rusqlite::Connection;

    #[test]
    fn a_version_7_database_gains_where_follows_began_and_their_codes() {
        let path = std::env::temp_dir().join(format!("users-v7-{}-{}.sqlite3", std::process::id(), random_token()));
        let mut config = UpstreamConfig::for_data_dir("unused");
        config.users_db = path.clone();
        drop(Users::open(&config).unwrap());
        let db = Connection::open(&path).unwrap();
        // What version 7 had: no `since`, no codes table; a follow mailed up to 40.
        db.execute_batch(
            "DROP INDEX follow_codes_follow; DROP TABLE follow_codes; ALTER TABLE follows DROP COLUMN since;
             INSERT INTO followers (id, email, language, token, created) VALUES (1, 'a@example.com', 'uk', 't', 0);
             INSERT INTO follows (follower_id, register, target, key, title, frequency, token, confirmed, created,
               epoch, cursor) VALUES (1, 'tenders', 'x', 'UA-1', 'T', 'daily', 'f', 1, 0, 'e', 40);
             PRAGMA user_version = 7;",
        )
        .unwrap();
        drop(db);
        drop(Users::open(&config).unwrap());
        let db = Connection::open(&path).unwrap();
        let since: i64 = db.query_row("SELECT since FROM follows", [], |r| r.get(0)).unwrap();
        assert_eq!(since, 40, "a follow of version 7 counts as having mailed nothing yet");
        let codes: i64 = db.query_row("SELECT count(*) FROM follow_codes", [], |r| r.get(0)).unwrap();
        assert_eq!(codes, 0);
        assert_eq!(db.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).unwrap(), super::SCHEMA_VERSION);
        drop(db);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    #[test]
    fn a_version_4_database_keeps_its_logins_and_can_end_them() {
        let path = std::env::temp_dir().join(format!("users-v4-{}-{}.sqlite3", std::process::id(), random_token()));
        let mut config = UpstreamConfig::for_data_dir("unused");
        config.users_db = path.clone();
        config.jwt_secret = Some("a-secret-of-at-least-thirty-two-bytes".into());
        let refresh = refresh_token(Users::open(&config).unwrap().issue_now(1, "buyer@example.com", "buyer"));
        // What version 4 had: no session ids, no ended sessions, no old portal sessions,
        // no confirmed addresses.
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "DROP INDEX refresh_tokens_sid; ALTER TABLE refresh_tokens DROP COLUMN sid;
                 DROP TABLE ended_sessions; DROP TABLE old_sessions;
                 DROP INDEX users_unconfirmed; ALTER TABLE users DROP COLUMN confirmed;
                 ALTER TABLE users DROP COLUMN created; DROP TABLE confirmations; PRAGMA user_version = 4;",
            )
            .unwrap();
        let u = Users::open(&config).unwrap();
        let answer = u.refresh(&refresh).unwrap();
        let access = answer["token"].as_str().unwrap();
        assert!(u.verify(access).is_ok(), "a login of version 4 refreshes into a session");
        assert!(u.account("buyer@example.com").unwrap().is_some(), "an account of version 4 counts as confirmed");
        assert_eq!(u.revoke(answer["refresh_token"].as_str().unwrap()).unwrap(), 1);
        assert!(u.verify(access).is_err(), "and logging out ends it");
        drop(u);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
