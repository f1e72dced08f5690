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
