//! Records stored in the form the API shows them, so a list page or a record's `GET` can send
//! them as they are.
//!
//! A page of 15 contacts spent most of its instructions parsing each stored document into its
//! record and serialising the record again, to get back what was stored. When a resource answers
//! with the record itself (`Out` is `Self`), [`super::ops::put`] stores the record's own text
//! (its field order, every field) beside a fingerprint of its type's form; a list page sends a
//! stored text whose fingerprint is the type's form now, and parses any other (written before
//! the type changed, or by code that wrote a map: an import, a region's copy).

use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use sha2::{Digest, Sha256};

use super::Resource;
use crate::store::Listed;

/// Goes up when a record type's serialisation changes and its JSON schema does not (a
/// hand-written `Serialize`): text stored before is then parsed and serialised again, not sent.
const FORM_VERSION: u8 = 1;

/// Each type's fingerprint, computed once.
static FORMS: LazyLock<RwLock<HashMap<TypeId, i64>>> = LazyLock::new(Default::default);

/// The fingerprint of `R`'s API form when its stored text can be sent as it is (`R::Out` is `R`);
/// `None` when the API shows it as another type. The fingerprint is a hash of the type's JSON
/// schema (every field, its name, type and attributes): a type that gains, renames or retypes a
/// field has a new one, so documents written before it are parsed.
pub fn of<R: Resource>() -> Option<i64> {
    let type_id = TypeId::of::<R>();
    if type_id != TypeId::of::<R::Out>() {
        return None;
    }
    if let Some(form) = FORMS.read().unwrap_or_else(|p| p.into_inner()).get(&type_id) {
        return Some(*form);
    }
    let schema = serde_json::to_vec(&schemars::schema_for!(R::Out)).unwrap_or_default();
    let digest = Sha256::new()
        .chain_update([FORM_VERSION])
        .chain_update(schema)
        .finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    let form = i64::from_be_bytes(first);
    FORMS.write().unwrap_or_else(|p| p.into_inner()).insert(type_id, form);
    Some(form)
}

/// A record of `R` read with its form [`of`] asked for, as the API shows it: a stored text in that
/// form as it is, a parsed record as `R::Out`.
pub fn shown<R: Resource>(listed: Listed<R>) -> Listed<R::Out> {
    match listed {
        Listed::Record(record) => Listed::Record(R::Out::from(record)),
        Listed::Text(text) => {
            #[cfg(debug_assertions)]
            assert_api_text::<R>(&text);
            Listed::Text(text)
        }
    }
}

/// Debug builds (every test) check each text the API sends as it is: parsing it and serialising
/// the record again must give the same bytes, or the type's form misses something.
#[cfg(debug_assertions)]
fn assert_api_text<R: Resource>(text: &str) {
    let record: R =
        crate::money::reading_stored(|| serde_json::from_str(text)).expect("a stored text in its API form parses");
    let again = serde_json::to_string(&R::Out::from(record)).expect("a record serialises");
    assert_eq!(
        again,
        text,
        "{}: the stored text is not what the record serialises to",
        R::KIND
    );
}
