"""schemathesis hooks for infra/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

A list's `cursor` is an opaque token the server issued for that very list (tenant, filters, sort
and search); one the fuzzer makes up is rightly refused with 422, which would read as "valid data
rejected". So a schema-valid (positive) case is sent without a made-up cursor; negative cases keep
theirs (and must still be refused), and the suite's own tests send issued, foreign and garbage
cursors.

Likewise an `Idempotency-Key` is the client's promise that two requests are one: a key the fuzzer
reuses for another body is rightly 422 `idempotency_mismatch`. So a positive case sends a key of
its own, never one an earlier case sent; the suite's own tests cover reuse.
"""

import uuid

import schemathesis
from schemathesis.generation.modes import GenerationMode


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    meta = getattr(case, "meta", None)
    mode = getattr(getattr(meta, "generation", None), "mode", None)
    if mode == GenerationMode.POSITIVE and case.query and "cursor" in case.query:
        del case.query["cursor"]
    if mode == GenerationMode.POSITIVE and case.headers and "Idempotency-Key" in case.headers:
        case.headers["Idempotency-Key"] = str(uuid.uuid4())
