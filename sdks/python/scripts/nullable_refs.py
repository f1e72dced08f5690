"""Rewrites an OpenAPI 3.0 document so openapi-python-client keeps the null of a nullable reference.

The served document writes "null or a Date" as OpenAPI 3.0 and its linters want it:
`{"allOf": [{"$ref": ...}], "nullable": true, "type": "string"}`. openapi-python-client turns a
`nullable` beside a `type` into `type: [string, null]` and then follows the single reference alone,
so the null is lost and a record holding one fails to parse. Without the `type`, it reads the same
schema as `oneOf: [null, the reference]`, which is what the document means.

Usage: nullable_refs.py IN_JSON OUT_JSON
"""

import json
import sys
from typing import Any


def rewrite(value: Any) -> int:
    """Drops `type` beside `nullable: true` and a single-reference `allOf`; returns how many."""
    count = 0
    if isinstance(value, dict):
        all_of = value.get("allOf")
        if (
            value.get("nullable") is True
            and "type" in value
            and isinstance(all_of, list)
            and len(all_of) == 1
            and "$ref" in all_of[0]
        ):
            del value["type"]
            count += 1
        for inner in value.values():
            count += rewrite(inner)
    elif isinstance(value, list):
        for inner in value:
            count += rewrite(inner)
    return count


def main() -> None:
    source, target = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as f:
        document = json.load(f)
    if rewrite(document) == 0:
        sys.exit(f"nullable_refs: no nullable reference in {source}: has the document's form changed?")
    with open(target, "w", encoding="utf-8") as f:
        json.dump(document, f)


if __name__ == "__main__":
    main()
