"""The generated layer: every module imports (a generator bug or a document the generator
misreads shows up here, not in a customer's import)."""

from __future__ import annotations

import importlib
import pkgutil

import worktop.generated


def test_every_generated_module_imports() -> None:
    failures: list[str] = []
    count = 0
    for module in pkgutil.walk_packages(worktop.generated.__path__, worktop.generated.__name__ + "."):
        count += 1
        try:
            importlib.import_module(module.name)
        except Exception as e:  # noqa: BLE001 - every failure is reported
            failures.append(f"{module.name}: {e!r}")
    assert count > 100, f"only {count} generated modules"
    assert not failures, f"{len(failures)} of {count} generated modules fail on import:\n" + "\n".join(failures)


def test_a_null_where_the_document_allows_one_parses() -> None:
    """A nullable reference (`close_date`: null or a date) reads null, as the server sends it."""
    from worktop.generated.models import BatchItemResultArticle, Deal, ErrorBody

    deal = {
        "amount": 1200.5, "clients": [], "close_date": None, "created_at": "2026-01-01T00:00:00Z",
        "custom_fields": {}, "id": 7, "is_active": True, "labels": [], "lead_id": None, "name": "Renewal",
        "notes": None, "order": 1, "phone": None, "pipeline_id": 1, "products": [], "sources": [],
        "stage_id": 2, "status": "open", "updated_at": "2026-01-01T00:00:00Z", "users": [], "version": 1,
    }  # fmt: skip
    parsed = Deal.from_dict(deal)
    assert parsed.close_date is None
    assert parsed.to_dict()["close_date"] is None
    assert Deal.from_dict({**deal, "close_date": "2026-03-31"}).close_date.isoformat() == "2026-03-31"  # type: ignore[union-attr]
    result = BatchItemResultArticle.from_dict({"index": 0, "status": 422, "error": None})
    assert result.error is None
    failed = BatchItemResultArticle.from_dict(
        {"index": 0, "status": 422, "error": {"message": "Bad.", "code": "validation_failed", "request_id": "r"}}
    )
    assert isinstance(failed.error, ErrorBody)
