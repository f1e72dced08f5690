//! Example bodies: what the API reference shows and the Postman collection sends.
//!
//! A resource writes its create body once ([`super::Resource::example`]), naming the records it
//! refers to by kind (`example::id_of::<crm::pipelines::Pipeline>()`, or [`user`] for the caller) and values no
//! two records may share with [`unique`]. The Postman collection sends them with variables its
//! run fills in (`{{crm_pipeline_id}}`: the id that kind's Create stored; `{{unique}}`: fresh for
//! each request); the OpenAPI document shows them with concrete values ([`concrete`]).

use serde_json::Value;

/// What a concrete example shows for a referenced id.
const EXAMPLE_ID: u64 = 1;
/// What a concrete example shows for a [`unique`] part.
const EXAMPLE_UNIQUE: &str = "1001";

/// The id of a record of `kind`: in the collection, the last one its Create made (or the first
/// its List showed, for a kind the collection cannot create).
pub fn id(kind: &str) -> Value {
    Value::String(format!("{{{{{kind}_id}}}}"))
}

/// [`id`] of a record of `R`.
pub fn id_of<R: super::index::Indexed>() -> Value {
    id(R::KIND)
}

/// The calling user's id (the collection's login stores it).
pub fn user() -> Value {
    id("user")
}

/// The first record the list at `path` shows: one the workspace starts with (a revenue
/// category of the chart of accounts). The collection looks it up before the create.
pub fn first_of(path: &str) -> Value {
    Value::String(format!("{{{{first:{path}}}}}"))
}

/// The list paths `example` looks up with [`first_of`], each with the variable it fills.
pub fn lookups(example: &Value) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    visit_strings(example, &mut |text| {
        if let Some(path) = lookup_path(text) {
            if !found.iter().any(|(p, _)| p == path) {
                found.push((path.to_string(), lookup_variable(path)));
            }
        }
    });
    found
}

fn lookup_path(text: &str) -> Option<&str> {
    text.strip_prefix("{{first:")?.strip_suffix("}}")
}

/// `/api/revenue-categories` -> `first_revenue_categories_id`.
fn lookup_variable(path: &str) -> String {
    let words: Vec<&str> = path
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty() && *w != "api")
        .collect();
    format!("first_{}_id", words.join("_"))
}

/// A new record of `kind`, made with that kind's own example just before each request that
/// sends this: for a record another may name only once (an employee's user, a sales agent's),
/// or one the request's preparation changes for good (a return's invoice, posted first).
pub fn fresh(kind: &str) -> Value {
    Value::String(fresh_ref(kind))
}

/// [`fresh`] inside a path: `/api/sales-invoice/post/{{fresh:sales_invoice}}`.
pub fn fresh_ref(kind: &str) -> String {
    format!("{{{{fresh:{kind}}}}}")
}

/// The variable the collection keeps a [`fresh`] record's id in.
pub fn fresh_variable(kind: &str) -> String {
    format!("fresh_{kind}_id")
}

/// A request the collection sends before an example's own, after making its [`fresh`] records
/// (posting the invoice a return is made against, adding the stock a sale takes).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub method: &'static str,
    /// With the placeholders of this module (`{{kind_id}}`, [`fresh_ref`]).
    pub path: String,
    pub body: Option<Value>,
}

/// A POST sent before the example's request.
pub fn post_first(path: impl Into<String>, body: Option<Value>) -> Step {
    Step {
        method: "POST",
        path: path.into(),
        body,
    }
}

/// The kinds `texts` name with [`fresh`], each once, in order.
pub fn fresh_kinds<'a>(texts: impl IntoIterator<Item = &'a Value>) -> Vec<String> {
    let mut kinds: Vec<String> = Vec::new();
    for value in texts {
        visit_strings(value, &mut |text| {
            let mut rest = text;
            while let Some(start) = rest.find("{{fresh:") {
                let after = &rest[start + "{{fresh:".len()..];
                let Some(end) = after.find("}}") else { break };
                let kind = &after[..end];
                if !kinds.iter().any(|k| k == kind) {
                    kinds.push(kind.to_string());
                }
                rest = &after[end..];
            }
        });
    }
    kinds
}

/// `text` (a path) with its [`fresh`] placeholders as the collection's variables.
pub fn postman_text(text: &str) -> String {
    let mut text = text.to_string();
    for kind in fresh_kinds([&Value::String(text.clone())]) {
        text = text.replace(&fresh_ref(&kind), &format!("{{{{{}}}}}", fresh_variable(&kind)));
    }
    text
}

/// `prefix-` and a part fresh for every request: for a field no two records may share.
pub fn unique(prefix: &str) -> Value {
    Value::String(format!("{prefix}-{{{{unique}}}}"))
}

/// An address fresh for every request (`local-…@domain`): for an e-mail no two records may share.
pub fn unique_email(local: &str, domain: &str) -> Value {
    Value::String(format!("{local}-{{{{unique}}}}@{domain}"))
}

/// The variable a `{{name}}` string is exactly, if it is one.
fn variable(text: &str) -> Option<&str> {
    let name = text.strip_prefix("{{")?.strip_suffix("}}")?;
    name.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_')
        .then_some(name)
}

/// The kinds `example` refers to with [`id`] (not the caller), in a value or inside a path.
pub fn referenced_kinds(example: &Value) -> Vec<String> {
    let mut kinds = Vec::new();
    visit_strings(example, &mut |text| {
        let mut rest = text;
        while let Some(start) = rest.find("{{") {
            let after = &rest[start + 2..];
            let Some(end) = after.find("}}") else { break };
            let name = &after[..end];
            let plain = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if let Some(kind) = name.strip_suffix("_id").filter(|_| plain) {
                if kind != "user" && !kinds.iter().any(|k| k == kind) {
                    kinds.push(kind.to_string());
                }
            }
            rest = &after[end..];
        }
    });
    kinds
}

fn visit_strings(value: &Value, f: &mut impl FnMut(&str)) {
    match value {
        Value::String(text) => f(text),
        Value::Array(items) => items.iter().for_each(|v| visit_strings(v, f)),
        Value::Object(map) => map.values().for_each(|v| visit_strings(v, f)),
        _ => {}
    }
}

/// `example` as the OpenAPI document shows it: ids are 1, unique parts `1001`.
pub fn concrete(example: &Value) -> Value {
    match example {
        Value::String(text) if lookup_path(text).is_some() => Value::from(EXAMPLE_ID),
        Value::String(text) if text.starts_with("{{fresh:") && text.ends_with("}}") => Value::from(EXAMPLE_ID),
        Value::String(text) => match variable(text) {
            Some(name) if name.ends_with("_id") => Value::from(EXAMPLE_ID),
            _ => Value::String(text.replace("{{unique}}", EXAMPLE_UNIQUE)),
        },
        Value::Array(items) => Value::Array(items.iter().map(concrete).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(k, v)| (k.clone(), concrete(v))).collect()),
        other => other.clone(),
    }
}

/// `example` as a Postman raw body: pretty JSON whose ids are bare `{{kind_id}}` variables, so
/// the request sends numbers.
pub fn postman_raw(example: &Value) -> String {
    let mut text = serde_json::to_string_pretty(example).unwrap_or_default();
    let mut names = Vec::new();
    visit_strings(example, &mut |s| {
        if let Some(name) = variable(s).filter(|n| n.ends_with("_id")) {
            names.push(name.to_string());
        }
    });
    for name in names {
        text = text.replace(&format!("\"{{{{{name}}}}}\""), &format!("{{{{{name}}}}}"));
    }
    for (path, name) in lookups(example) {
        text = text.replace(&format!("\"{{{{first:{path}}}}}\""), &format!("{{{{{name}}}}}"));
    }
    for kind in fresh_kinds([example]) {
        text = text.replace(
            &format!("\"{}\"", fresh_ref(&kind)),
            &format!("{{{{{}}}}}", fresh_variable(&kind)),
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn placeholders_become_values_or_variables() {
        let example = json!({"name": "Acme", "sku": unique("SKU"), "pipeline_id": id("crm_pipeline"),
            "tax_ids": [id("inv_tax")], "user_id": user(), "category_id": first_of("/api/revenue-categories"),
            "employee_id": fresh("hr_employee")});
        assert_eq!(
            concrete(&example),
            json!({"name": "Acme", "sku": "SKU-1001", "pipeline_id": 1, "tax_ids": [1], "user_id": 1, "category_id": 1, "employee_id": 1})
        );
        assert_eq!(referenced_kinds(&example), vec!["crm_pipeline", "inv_tax"]);
        let raw = postman_raw(&example);
        assert!(raw.contains("\"pipeline_id\": {{crm_pipeline_id}}"), "{raw}");
        assert!(
            raw.contains("{{inv_tax_id}}\n") && !raw.contains("\"{{inv_tax_id}}\""),
            "{raw}"
        );
        assert!(raw.contains("\"sku\": \"SKU-{{unique}}\""), "{raw}");
        assert!(
            raw.contains("\"category_id\": {{first_revenue_categories_id}}"),
            "{raw}"
        );
        assert!(raw.contains("\"employee_id\": {{fresh_hr_employee_id}}"), "{raw}");
        assert_eq!(fresh_kinds([&example]), vec!["hr_employee"]);
        assert_eq!(
            postman_text(&format!("/api/invoice/post/{}", fresh_ref("sales_invoice"))),
            "/api/invoice/post/{{fresh_sales_invoice_id}}"
        );
        assert_eq!(
            lookups(&example),
            vec![(
                "/api/revenue-categories".to_string(),
                "first_revenue_categories_id".to_string()
            )]
        );
    }
}
