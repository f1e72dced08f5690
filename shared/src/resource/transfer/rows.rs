//! The files imports read and exports write: CSV (a header row, then one record per row) and
//! JSON Lines (one JSON object per line), both UTF-8.
//!
//! A CSV cell is text; what it becomes in a create body follows the body's JSON schema
//! ([`BodyShape`]): a number for a number field, `true`/`false` for a flag, a list split on `;`
//! (or JSON written `[...]`) for a list, JSON for an object. An empty cell leaves the field out.
//! An export writes the same way back, so an exported file imports as it is.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::resource::custom::CustomField;

/// Longest row (bytes) an import takes; a longer one fails on its own.
pub const MAX_ROW_BYTES: usize = 64 * 1024;

/// The two file formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FileFormat {
    /// Comma-separated values with a header row.
    #[default]
    Csv,
    /// JSON Lines: one object per line.
    Jsonl,
}

impl FileFormat {
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Csv => "text/csv; charset=utf-8",
            Self::Jsonl => "application/x-ndjson",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Jsonl => "jsonl",
        }
    }

    /// The format a file's name or declared content type names, if it names one.
    pub fn of_upload(file_name: Option<&str>, content_type: Option<&str>) -> Option<Self> {
        let name = file_name.unwrap_or_default().to_ascii_lowercase();
        let content_type = content_type.unwrap_or_default().to_ascii_lowercase();
        if name.ends_with(".jsonl") || name.ends_with(".ndjson") || content_type.contains("ndjson") {
            Some(Self::Jsonl)
        } else if name.ends_with(".csv") || content_type.starts_with("text/csv") {
            Some(Self::Csv)
        } else {
            None
        }
    }
}

/// What a field takes, as far as turning a CSV cell into its value needs to know.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Text,
    Integer,
    Number,
    Boolean,
    List(Box<Shape>),
    Object,
    Any,
}

impl Shape {
    /// The shape a JSON schema describes (`$ref`s resolved in `defs`, `null` alternatives
    /// dropped).
    pub fn of(schema: &Value, defs: &Map<String, Value>) -> Self {
        if let Some(name) = schema.get("$ref").and_then(Value::as_str) {
            let name = name.rsplit('/').next().unwrap_or_default();
            return defs.get(name).map_or(Self::Any, |d| Self::of(d, defs));
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(options) = schema.get(key).and_then(Value::as_array) {
                let mut shapes = options
                    .iter()
                    .filter(|o| o.get("type").and_then(Value::as_str) != Some("null"))
                    .map(|o| Self::of(o, defs));
                return match (shapes.next(), shapes.next()) {
                    (Some(only), None) => only,
                    _ => Self::Any,
                };
            }
        }
        let kind = match schema.get("type") {
            Some(Value::String(t)) => Some(t.as_str()),
            Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).find(|t| *t != "null"),
            _ => None,
        };
        match kind {
            Some("string") => Self::Text,
            Some("integer") => Self::Integer,
            Some("number") => Self::Number,
            Some("boolean") => Self::Boolean,
            Some("array") => Self::List(Box::new(
                schema.get("items").map_or(Self::Any, |items| Self::of(items, defs)),
            )),
            Some("object") => Self::Object,
            _ if schema.get("enum").is_some() => Self::Text,
            _ => Self::Any,
        }
    }

    /// The value a CSV cell gives a field of this shape; text the field will refuse stays text,
    /// so the refusal names the field and what it takes.
    pub fn value(&self, cell: &str) -> Value {
        let trimmed = cell.trim();
        let as_json = || serde_json::from_str::<Value>(trimmed).ok();
        let text = || Value::String(cell.to_owned());
        match self {
            Self::Text => text(),
            Self::Integer => trimmed.parse::<i64>().map(Value::from).unwrap_or_else(|_| text()),
            Self::Number => as_json().filter(Value::is_number).unwrap_or_else(text),
            Self::Boolean => match trimmed.to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" => Value::Bool(true),
                "false" | "no" | "0" => Value::Bool(false),
                _ => text(),
            },
            Self::List(item) => match trimmed.starts_with('[') {
                true => as_json().unwrap_or_else(text),
                false => Value::Array(
                    trimmed
                        .split(';')
                        .map(str::trim)
                        .filter(|p| !p.is_empty())
                        .map(|p| item.value(p))
                        .collect(),
                ),
            },
            Self::Object | Self::Any => match trimmed.starts_with('{') || trimmed.starts_with('[') {
                true => as_json().unwrap_or_else(text),
                false => text(),
            },
        }
    }
}

/// A create body's fields, read from its JSON schema: what each takes and which are required.
#[derive(Clone, Debug, Default)]
pub struct BodyShape {
    pub fields: BTreeMap<String, Shape>,
    pub required: Vec<String>,
}

impl BodyShape {
    pub fn of<T: JsonSchema>() -> Self {
        let schema = schemars::SchemaGenerator::default().into_root_schema_for::<T>();
        let root = schema.as_value();
        let defs = root
            .get("$defs")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let mut body = root.clone();
        // A body that is a `$ref` itself, or flattened into `allOf`.
        if let Some(name) = root.get("$ref").and_then(Value::as_str) {
            body = defs
                .get(name.rsplit('/').next().unwrap_or_default())
                .cloned()
                .unwrap_or_default();
        }
        let mut shape = Self::default();
        let mut parts = vec![body.clone()];
        if let Some(all) = body.get("allOf").and_then(Value::as_array) {
            parts.extend(all.iter().cloned());
        }
        for part in parts {
            if let Some(properties) = part.get("properties").and_then(Value::as_object) {
                for (name, field) in properties {
                    shape.fields.insert(name.clone(), Shape::of(field, &defs));
                }
            }
            if let Some(required) = part.get("required").and_then(Value::as_array) {
                shape
                    .required
                    .extend(required.iter().filter_map(Value::as_str).map(str::to_owned));
            }
        }
        shape
    }
}

/// The shape of a custom field's value.
pub fn custom_shape(def: &CustomField) -> Shape {
    Shape::of(&super::super::custom::value_schema(def, false), &Map::new())
}

/// A record's value as a CSV cell: text as it is, a list of plain values joined with `;` (as
/// JSON when one holds a `;`), anything else as JSON; nothing for `null`.
pub fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::Array(items)
            if items
                .iter()
                .all(|i| i.is_number() || matches!(i, Value::String(s) if !s.contains(';'))) =>
        {
            items.iter().map(cell).collect::<Vec<_>>().join(";")
        }
        other => other.to_string(),
    }
}

/// A file's bytes past its UTF-8 byte order mark, if it has one (offsets count from there).
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// One row of an import file: where it starts and what it holds.
#[derive(Debug)]
pub struct Row {
    /// The file's line the row starts on (the header is line 1 of a CSV).
    pub line: u64,
    /// Byte offset of the row after this one: where a run resumes.
    pub next_offset: u64,
    pub content: RowContent,
}

#[derive(Debug)]
pub enum RowContent {
    /// A CSV row's cells.
    Cells(Vec<String>),
    /// A JSON Lines row's object.
    Object(Map<String, Value>),
    /// A row that cannot be read; why.
    Unreadable(String),
}

/// Reads up to `limit` rows from `offset` (a row's start; `line` is its line number).
pub fn read_rows(format: FileFormat, bytes: &[u8], offset: u64, line: u64, limit: usize) -> Vec<Row> {
    let start = (offset as usize).min(bytes.len());
    match format {
        FileFormat::Csv => read_csv(&bytes[start..], offset, line, limit),
        FileFormat::Jsonl => read_jsonl(&bytes[start..], offset, line, limit),
    }
}

fn read_csv(bytes: &[u8], offset: u64, line: u64, limit: usize) -> Vec<Row> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut rows = Vec::new();
    let mut record = csv::ByteRecord::new();
    while rows.len() < limit {
        let read = reader.read_byte_record(&mut record);
        // Where the record starts: the reader's position is before the blank lines it skipped.
        let (start, start_line) = record.position().map_or((0, 1), |p| (p.byte() as usize, p.line()));
        let blank = bytes
            .get(start..)
            .unwrap_or_default()
            .iter()
            .take_while(|b| matches!(b, b'\n' | b'\r'))
            .filter(|b| **b == b'\n')
            .count() as u64;
        let row_line = line + start_line - 1 + blank;
        let content = match read {
            Ok(false) => break,
            Ok(true) if record.as_slice().len() > MAX_ROW_BYTES => {
                RowContent::Unreadable(format!("The row is longer than {} KiB.", MAX_ROW_BYTES / 1024))
            }
            Ok(true) => match record
                .iter()
                .map(|c| std::str::from_utf8(c).map(|c| restored(c.to_owned())))
                .collect()
            {
                Ok(cells) => RowContent::Cells(cells),
                Err(_) => RowContent::Unreadable("The row is not UTF-8 text.".into()),
            },
            Err(e) => RowContent::Unreadable(format!("The row is not valid CSV: {e}.")),
        };
        let next = offset + reader.position().byte();
        if matches!(&content, RowContent::Cells(cells) if cells.iter().all(String::is_empty)) {
            continue; // A blank line.
        }
        rows.push(Row {
            line: row_line,
            next_offset: next,
            content,
        });
        if next as usize >= offset as usize + bytes.len() {
            break;
        }
    }
    rows
}

fn read_jsonl(bytes: &[u8], offset: u64, line: u64, limit: usize) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut at = 0usize;
    let mut line = line;
    while rows.len() < limit && at < bytes.len() {
        let end = bytes[at..]
            .iter()
            .position(|b| *b == b'\n')
            .map_or(bytes.len(), |i| at + i);
        let text = &bytes[at..end];
        let next = (end + 1).min(bytes.len());
        let this_line = line;
        line += 1;
        at = next;
        if text.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let content = if text.len() > MAX_ROW_BYTES {
            RowContent::Unreadable(format!("The row is longer than {} KiB.", MAX_ROW_BYTES / 1024))
        } else {
            match serde_json::from_slice::<Value>(text) {
                Ok(Value::Object(object)) => RowContent::Object(object),
                Ok(_) => RowContent::Unreadable("The line is not a JSON object.".into()),
                Err(e) => RowContent::Unreadable(format!("The line is not valid JSON: {e}.")),
            }
        };
        rows.push(Row {
            line: this_line,
            next_offset: offset + next as u64,
            content,
        });
    }
    rows
}

/// A CSV file's header (its first row's cells) and where its data starts; `None` when the file
/// has no header row.
pub fn csv_header(bytes: &[u8]) -> Option<(Vec<String>, u64)> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(true) => Some((
            record.iter().map(|c| c.trim().to_owned()).collect(),
            reader.position().byte(),
        )),
        _ => None,
    }
}

/// How many data rows a file holds (blank lines left out), counted as the import will read them.
pub fn count_rows(format: FileFormat, bytes: &[u8], offset: u64) -> u64 {
    let mut total = 0;
    let (mut offset, mut line) = (offset, 2);
    loop {
        let rows = read_rows(format, bytes, offset, line, 10_000);
        let Some(last) = rows.last() else { return total };
        total += rows.len() as u64;
        offset = last.next_offset;
        line = last.line + 1;
        if offset as usize >= bytes.len() {
            return total;
        }
    }
}

/// Writes records as CSV rows (the header first) or JSON Lines.
pub struct RowWriter {
    format: FileFormat,
    columns: Vec<String>,
    out: Vec<u8>,
}

impl RowWriter {
    /// For CSV, `columns` are the header: each a field of the record, or `custom_fields.<key>`.
    pub fn new(format: FileFormat, columns: Vec<String>) -> Self {
        let mut writer = Self {
            format,
            columns,
            out: Vec::new(),
        };
        if format == FileFormat::Csv {
            let header: Vec<String> = writer.columns.clone();
            writer.csv_line(header.iter().map(String::as_str));
        }
        writer
    }

    fn csv_line<'a>(&mut self, cells: impl Iterator<Item = &'a str>) {
        let cells: Vec<&str> = cells.collect();
        self.out.extend(csv_record(&cells));
    }

    /// Adds one record (its API form).
    pub fn record(&mut self, record: &Value) {
        match self.format {
            FileFormat::Jsonl => {
                self.out.extend_from_slice(record.to_string().as_bytes());
                self.out.push(b'\n');
            }
            FileFormat::Csv => {
                let cells: Vec<String> = self.columns.iter().map(|c| cell(&column_value(record, c))).collect();
                self.csv_line(cells.iter().map(String::as_str));
            }
        }
    }

    /// The bytes written since the last call.
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }
}

/// One CSV line of `cells`, quoted where needed, each cell that a spreadsheet would run as a
/// formula neutralised ([`neutralised`]). Every CSV the API writes goes through here.
pub fn csv_record<S: AsRef<[u8]>>(cells: &[S]) -> Vec<u8> {
    let mut line = csv::WriterBuilder::new().from_writer(Vec::new());
    // Writing to a Vec cannot fail.
    let _ = line.write_record(cells.iter().map(|c| neutralised(c.as_ref())));
    line.into_inner().unwrap_or_default()
}

/// What makes a spreadsheet read a cell as a formula: OWASP's list for CSV injection, the pipe
/// (a DDE prefix), and the full-width forms some spreadsheets fold to their ASCII ones.
const FORMULA_STARTS: [&str; 11] = ["=", "+", "-", "@", "\t", "\r", "|", "＝", "＋", "－", "＠"];

fn starts_like_formula(cell: &[u8]) -> bool {
    FORMULA_STARTS.iter().any(|start| cell.starts_with(start.as_bytes()))
}

/// `cell` as written to a CSV: one that begins like a formula gets a leading `'`, which
/// spreadsheets show as text (OWASP's advice), unless it is a plain number (`-12.50`).
fn neutralised(cell: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if starts_like_formula(cell) && !is_plain_number(cell) {
        std::borrow::Cow::Owned([b"'".as_slice(), cell].concat())
    } else {
        std::borrow::Cow::Borrowed(cell)
    }
}

/// `-12`, `+3.5`: a sign, digits, and at most one decimal point between digits.
fn is_plain_number(cell: &[u8]) -> bool {
    let digits = cell
        .strip_prefix(b"-")
        .or_else(|| cell.strip_prefix(b"+"))
        .unwrap_or(cell);
    let mut parts = digits.splitn(2, |b| *b == b'.');
    let whole = parts.next().unwrap_or_default();
    let fraction = parts.next();
    !whole.is_empty()
        && whole.iter().all(u8::is_ascii_digit)
        && fraction.is_none_or(|f| !f.is_empty() && f.iter().all(u8::is_ascii_digit))
}

/// A cell read from an imported CSV: one this API neutralised on export (`'=...`) is read as
/// it was, so an export (or a failed-rows file) imports back unchanged.
fn restored(cell: String) -> String {
    match cell.as_bytes() {
        [b'\'', rest @ ..] if starts_like_formula(rest) => cell[1..].to_owned(),
        _ => cell,
    }
}

/// A record's value for column `column` (`custom_fields.<key>` reaches into its custom fields).
fn column_value(record: &Value, column: &str) -> Value {
    match column.strip_prefix("custom_fields.") {
        Some(key) => record
            .get("custom_fields")
            .and_then(|c| c.get(key))
            .cloned()
            .unwrap_or(Value::Null),
        None => record.get(column).cloned().unwrap_or(Value::Null),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_would_run_as_formulas_are_neutralised_and_read_back_as_they_were() {
        let cells = [
            "=HYPERLINK(\"http://x\",\"y\")",
            "+1+1",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
            "|cmd",
            "＝1+1",
            "＋1",
            "－1",
            "＠SUM(A1)",
            "-12.50",
            "+3",
            "plain",
            "a=b",
            "",
        ];
        let line = String::from_utf8(csv_record(&cells)).unwrap();
        assert_eq!(
            line,
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",'+1+1,'-2+3,'@SUM(A1),'\tx,\"'\rx\",'|cmd,'＝1+1,'＋1,'－1,'＠SUM(A1),-12.50,+3,plain,a=b,\n"
        );
        let rows = read_rows(FileFormat::Csv, line.as_bytes(), 0, 1, 10);
        let RowContent::Cells(read) = &rows[0].content else {
            panic!("{:?}", rows[0].content)
        };
        assert_eq!(read, &cells.map(str::to_owned));
        // A quote before anything else is the user's own.
        assert_eq!(restored("'quoted".into()), "'quoted");
        for (cell, number) in [
            ("-1", true),
            ("+1.5", true),
            ("-.5", false),
            ("-1.", false),
            ("-1e3", false),
            ("-", false),
        ] {
            assert_eq!(is_plain_number(cell.as_bytes()), number, "{cell}");
        }
    }

    #[test]
    fn cells_become_the_values_their_fields_take() {
        assert_eq!(Shape::Integer.value("42"), Value::from(42));
        assert_eq!(Shape::Integer.value("4x"), Value::from("4x"));
        assert_eq!(Shape::Boolean.value("Yes"), Value::Bool(true));
        assert_eq!(Shape::Number.value("12.5"), serde_json::json!(12.5));
        assert_eq!(
            Shape::List(Box::new(Shape::Integer)).value("1; 2;"),
            serde_json::json!([1, 2])
        );
        assert_eq!(Shape::Object.value("{\"a\":1}"), serde_json::json!({"a": 1}));
        assert_eq!(Shape::Text.value(" x "), Value::from(" x "));
    }

    #[test]
    fn rows_resume_from_the_offset_a_row_gives() {
        let file = b"name,email\nAnn,a@x.io\n\n\"Bob, Jr\",\"b@x.io\"\nCy,c@x.io\n";
        let (header, start) = csv_header(file).unwrap();
        assert_eq!(header, ["name", "email"]);
        let first = read_rows(FileFormat::Csv, file, start, 2, 2);
        assert_eq!(first.len(), 2);
        assert_eq!(first[1].line, 4);
        let rest = read_rows(FileFormat::Csv, file, first[1].next_offset, first[1].line + 1, 10);
        assert_eq!(rest.len(), 1);
        assert!(matches!(&rest[0].content, RowContent::Cells(c) if c == &["Cy", "c@x.io"]));
        assert_eq!(rest[0].line, 5);
        assert_eq!(count_rows(FileFormat::Csv, file, start), 3);
        let lines = b"{\"a\":1}\nnot json\n{\"a\":2}";
        let rows = read_rows(FileFormat::Jsonl, lines, 0, 1, 10);
        assert_eq!(rows.len(), 3);
        assert!(matches!(rows[1].content, RowContent::Unreadable(_)));
        assert_eq!(rows[2].line, 3);
    }

    #[test]
    fn an_exported_row_reads_back_as_it_was() {
        let mut writer = RowWriter::new(
            FileFormat::Csv,
            vec!["name".into(), "tags".into(), "custom_fields.tier".into()],
        );
        writer
            .record(&serde_json::json!({"name": "Ann, \"A\"", "tags": ["x", "y"], "custom_fields": {"tier": "gold"}}));
        let bytes = writer.take();
        let (header, start) = csv_header(&bytes).unwrap();
        assert_eq!(header, ["name", "tags", "custom_fields.tier"]);
        let rows = read_rows(FileFormat::Csv, &bytes, start, 2, 10);
        assert!(matches!(&rows[0].content, RowContent::Cells(c) if c == &["Ann, \"A\"", "x;y", "gold"]));
    }
}
