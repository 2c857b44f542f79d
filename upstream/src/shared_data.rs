//! Where the shared public data lives: the `data` folder of `../shared` beside the project
//! (`<project root>/../shared/data`, the project root being this crate's parent folder), or
//! the folder named by `PORTAL_SHARED_DATA`. Every reader (the standards default, the
//! tests) finds it here; none guesses a path of its own.
//!
//! Tests that need part of it call [`required`]: outside CI a missing folder skips them
//! (`None`); when `CI` is set, it fails them with a message naming the path looked at.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The variable naming the shared `data` folder itself (overrides the default).
pub const ENV: &str = "PORTAL_SHARED_DATA";

/// The project root: the parent of this crate's folder.
pub fn project_root() -> PathBuf {
    let krate = Path::new(env!("CARGO_MANIFEST_DIR"));
    krate.parent().unwrap_or(krate).to_path_buf()
}

/// The shared data folder (it may not exist): `$PORTAL_SHARED_DATA` when set and not empty,
/// else `<project root>/../shared/data`.
pub fn dir() -> PathBuf {
    dir_in(std::env::var_os(ENV).as_deref())
}

/// [`dir`] with the value of `PORTAL_SHARED_DATA` passed in.
pub fn dir_in(shared: Option<&OsStr>) -> PathBuf {
    match shared {
        Some(v) if !v.is_empty() => PathBuf::from(v),
        _ => {
            let root = project_root();
            match root.parent() {
                Some(parent) => parent.join("shared").join("data"),
                None => root.join("../shared/data"),
            }
        }
    }
}

/// `sub` (a relative path) inside the shared data folder when it exists; never fails (run
/// time: the shared data is optional).
pub fn find(sub: &str) -> Option<PathBuf> {
    Some(dir().join(sub)).filter(|p| p.exists())
}

/// `sub` inside the shared data folder for a test that needs it: `None` (skip) when it is
/// missing, but when `CI` is set (not empty) a panic naming the path looked at and
/// `PORTAL_SHARED_DATA`.
pub fn required(sub: &str) -> Option<PathBuf> {
    required_in(sub, std::env::var_os(ENV).as_deref(), std::env::var_os("CI").as_deref())
}

/// [`required`] with the values of `PORTAL_SHARED_DATA` and `CI` passed in.
pub fn required_in(sub: &str, shared: Option<&OsStr>, ci: Option<&OsStr>) -> Option<PathBuf> {
    let path = dir_in(shared).join(sub);
    if path.exists() {
        return Some(path);
    }
    if ci.is_some_and(|v| !v.is_empty()) {
        panic!(
            "shared data missing: {} does not exist (CI is set, so tests needing it fail instead of \
             skipping); provide ../shared/data beside the project or set {ENV} to the shared `data` folder",
            path.display()
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsString;

    fn os(s: &str) -> OsString {
        OsString::from(s)
    }

    #[test]
    fn the_default_is_beside_the_project_root() {
        let root = project_root();
        assert!(root.join("Cargo.toml").is_file(), "{} is the workspace root", root.display());
        assert!(root.join("upstream").join("Cargo.toml").is_file());
        let dir = dir_in(None);
        assert_eq!(dir, root.parent().unwrap().join("shared").join("data"));
        assert!(dir.is_absolute());
        assert_eq!(dir_in(Some(&os(""))), dir, "an empty override is no override");
    }

    #[test]
    fn the_override_is_honoured() {
        assert_eq!(dir_in(Some(&os("/elsewhere/data"))), PathBuf::from("/elsewhere/data"));
        let krate = env!("CARGO_MANIFEST_DIR");
        let found = required_in("src", Some(&os(krate)), Some(&os("1")));
        assert_eq!(found, Some(Path::new(krate).join("src")));
        assert_eq!(
            required_in("src/shared_data.rs", Some(&os(krate)), None),
            Some(Path::new(krate).join("src/shared_data.rs"))
        );
    }

    #[test]
    fn missing_without_ci_is_none() {
        let missing = Some(os("/nonexistent/shared-data-test"));
        assert_eq!(required_in("openprocurement-api/tenders", missing.as_deref(), None), None);
        assert_eq!(required_in("openprocurement-api/tenders", missing.as_deref(), Some(&os(""))), None);
        let krate = env!("CARGO_MANIFEST_DIR");
        assert_eq!(required_in("no-such-folder", Some(&os(krate)), None), None);
    }

    #[test]
    fn missing_under_ci_panics_naming_the_path_and_the_variable() {
        let missing = Some(os("/nonexistent/shared-data-test"));
        let panic = std::panic::catch_unwind(|| {
            required_in("openprocurement-api/tenders", missing.as_deref(), Some(&os("true")))
        })
        .expect_err("missing under CI panics");
        let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
        assert!(message.contains("/nonexistent/shared-data-test/openprocurement-api/tenders"), "{message}");
        assert!(message.contains("PORTAL_SHARED_DATA"), "{message}");
        assert!(message.contains("CI is set"), "{message}");
    }
}
