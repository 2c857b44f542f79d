//! The development changes' bodies: JSON merge patches (RFC 7396), for the records'
//! feed (`api`) and the catalogue's (`catalogue`) alike.

use serde_json::{json, Value};

use crate::error::UpstreamError;

/// A development change's body: a JSON merge patch (an object) that leaves the id alone.
pub fn merge_patch_of(body: &[u8]) -> Result<Value, UpstreamError> {
    let patch: Value = match serde_json::from_slice(body) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => return Err(UpstreamError::MalformedJson("a merge patch is a JSON object".into())),
        Err(e) => return Err(UpstreamError::MalformedJson(e.to_string())),
    };
    if patch.get("id").is_some() {
        return Err(UpstreamError::invalid("id", "an id cannot change"));
    }
    Ok(patch)
}

/// RFC 7396: objects merge member by member, `null` removes, anything else replaces.
pub fn merge_patch(target: &mut Value, patch: &Value) {
    let Value::Object(p) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = json!({});
    }
    if let Value::Object(t) = target {
        for (k, v) in p {
            if v.is_null() {
                t.remove(k);
            } else {
                merge_patch(t.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
    }
}
