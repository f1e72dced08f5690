//! The OpenAPI document's schemas (OpenAPI 3.0) as the JSON Schema (2020-12) an MCP tool's
//! `inputSchema` is: `nullable` becomes a `null` type, `example` becomes `examples`, and a
//! component reference (`#/components/schemas/X`) points into the tool's own `$defs`, which hold
//! exactly the components it reaches.

use std::collections::BTreeSet;

use serde_json::{json, Map, Value};

const COMPONENTS: &str = "#/components/schemas/";
const DEFS: &str = "#/$defs/";

/// `schema` (OpenAPI 3.0) as JSON Schema 2020-12.
pub fn converted(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => {
            let mut out = Map::new();
            for (key, value) in map {
                match key.as_str() {
                    "nullable" => {}
                    "example" => {
                        out.insert("examples".into(), json!([value]));
                    }
                    "$ref" => {
                        let target = value.as_str().unwrap_or_default();
                        let target = target.strip_prefix(COMPONENTS).map(|name| format!("{DEFS}{name}"));
                        out.insert(key.clone(), target.map_or_else(|| value.clone(), Value::String));
                    }
                    // A map of schemas by name: each is a schema, the map is not.
                    "properties" | "patternProperties" => {
                        let inner = value.as_object().map(|props| {
                            props
                                .iter()
                                .map(|(name, schema)| (name.clone(), converted(schema)))
                                .collect::<Map<_, _>>()
                        });
                        out.insert(key.clone(), inner.map_or_else(|| value.clone(), Value::Object));
                    }
                    // Values, not schemas.
                    "enum" | "default" | "required" | "const" | "examples" => {
                        out.insert(key.clone(), value.clone());
                    }
                    _ => {
                        out.insert(key.clone(), converted(value));
                    }
                }
            }
            if map.get("nullable") == Some(&Value::Bool(true)) {
                return nullable(out);
            }
            Value::Object(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(converted).collect()),
        other => other.clone(),
    }
}

/// `schema` also admitting `null`: a plain typed schema adds `"null"` to its type (and its enum);
/// one built of references or combinators is wrapped, since `null` would fail its parts.
fn nullable(mut schema: Map<String, Value>) -> Value {
    let composed = ["$ref", "allOf", "anyOf", "oneOf"]
        .iter()
        .any(|k| schema.contains_key(*k));
    match schema.get("type").and_then(Value::as_str).map(str::to_owned) {
        Some(single) if !composed => {
            schema.insert("type".into(), json!([single, "null"]));
            if let Some(Value::Array(values)) = schema.get_mut("enum") {
                if !values.contains(&Value::Null) {
                    values.push(Value::Null);
                }
            }
            Value::Object(schema)
        }
        _ => json!({"anyOf": [Value::Object(schema), {"type": "null"}]}),
    }
}

/// The names of the components `schema` (converted or not) refers to, directly.
fn references(schema: &Value, names: &mut BTreeSet<String>) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map {
                if key == "$ref" {
                    if let Some(target) = value.as_str() {
                        let name = target.strip_prefix(COMPONENTS).or_else(|| target.strip_prefix(DEFS));
                        names.extend(name.map(str::to_owned));
                    }
                } else if !matches!(key.as_str(), "enum" | "default" | "const" | "examples" | "example") {
                    references(value, names);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| references(item, names)),
        _ => {}
    }
}

/// The `$defs` a converted `schema` needs: every component it reaches, through others too,
/// converted.
pub fn definitions(schema: &Value, components: &Map<String, Value>) -> Map<String, Value> {
    let mut pending = BTreeSet::new();
    references(schema, &mut pending);
    let mut defs = Map::new();
    while let Some(name) = pending.pop_first() {
        if defs.contains_key(&name) {
            continue;
        }
        let Some(component) = components.get(&name) else {
            continue;
        };
        let mut more = BTreeSet::new();
        references(component, &mut more);
        pending.extend(more.into_iter().filter(|n| !defs.contains_key(n)));
        defs.insert(name, converted(component));
    }
    defs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nullable_scalars_take_null_and_nullable_references_are_wrapped() {
        let scalar = converted(&json!({"type": "string", "enum": ["a", "b"], "nullable": true}));
        assert_eq!(scalar, json!({"type": ["string", "null"], "enum": ["a", "b", null]}));
        let referenced = converted(
            &json!({"allOf": [{"$ref": "#/components/schemas/Address"}], "type": "object", "nullable": true}),
        );
        assert_eq!(
            referenced,
            json!({"anyOf": [{"allOf": [{"$ref": "#/$defs/Address"}], "type": "object"}, {"type": "null"}]})
        );
        let example = converted(&json!({"type": "integer", "example": 3}));
        assert_eq!(example, json!({"type": "integer", "examples": [3]}));
    }

    #[test]
    fn definitions_hold_every_component_reached_and_no_other() {
        let components = json!({
            "Invoice": {"type": "object", "properties": {"lines": {"type": "array", "items": {"$ref": "#/components/schemas/Line"}}}},
            "Line": {"type": "object", "properties": {"tax": {"$ref": "#/components/schemas/Tax"}}},
            "Tax": {"type": "object", "properties": {"rate": {"type": "number", "nullable": true}}},
            "Unrelated": {"type": "string"},
        });
        let schema = converted(&json!({"$ref": "#/components/schemas/Invoice"}));
        let defs = definitions(&schema, components.as_object().unwrap());
        assert_eq!(defs.keys().collect::<Vec<_>>(), ["Invoice", "Line", "Tax"]);
        assert_eq!(defs["Line"]["properties"]["tax"]["$ref"], "#/$defs/Tax");
        assert_eq!(defs["Tax"]["properties"]["rate"]["type"], json!(["number", "null"]));
    }
}
