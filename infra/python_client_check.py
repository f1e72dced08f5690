"""Drives the live API only through the client openapi-python-client generated from
/api/openapi.json, so a schema that types a field, a status or a parameter wrongly fails here
the way it would fail for a customer's generated client.

Usage: python_client_check.py BASE_URL EMAIL PASSWORD (the generated package on PYTHONPATH).
"""

import sys
import uuid

from worktop_api_client import AuthenticatedClient, Client
from worktop_api_client.api.identity import login
from worktop_api_client.api.v1 import (
    create_contact_v1,
    create_contacts_batch_v1,
    list_contacts_v1,
    update_contact_v1,
    update_contacts_batch_v1,
)
from worktop_api_client.models import (
    BatchChangeContactPatch,
    BatchCreateContactIn,
    BatchResultContact,
    BatchUpdateContactPatch,
    Contact,
    ContactIn,
    ContactList,
    ErrorBody,
    FieldErrors,
    LoginIn,
    TokenOut,
    VersionedContactPatch,
)
from worktop_api_client.types import UNSET


def step(ok: bool, line: str) -> None:
    print(("ok   " if ok else "FAIL ") + line, flush=True)
    if not ok:
        sys.exit(1)


def every_operation_imports() -> None:
    """A module that fails on import is an operation a customer cannot call at all."""
    import importlib
    import pkgutil

    import worktop_api_client.api as api_package

    failed = []
    count = 0
    for package in pkgutil.iter_modules(api_package.__path__, api_package.__name__ + "."):
        tag = importlib.import_module(package.name)
        for module in pkgutil.iter_modules(tag.__path__, tag.__name__ + "."):
            count += 1
            try:
                importlib.import_module(module.name)
            except Exception as error:  # noqa: BLE001 - every failure is reported, whatever its kind
                failed.append(f"{module.name}: {error!r}")
    step(not failed and count > 0, f"{count} operation modules import" + "".join(f"\n     {f}" for f in failed))


def main(base_url: str, email: str, password: str) -> None:
    every_operation_imports()
    # Unexpected statuses raise instead of coming back as parsed=None, so an undeclared status fails.
    anon = Client(base_url=base_url, raise_on_unexpected_status=True)
    session = login.sync_detailed(client=anon, body=LoginIn(email=email, password=password))
    step(session.status_code == 200 and isinstance(session.parsed, TokenOut), f"login: {session.status_code}")
    api = AuthenticatedClient(base_url=base_url, token=session.parsed.token, raise_on_unexpected_status=True)

    # A tag of this run's own keeps the listing to our three contacts whatever else the account holds.
    tag = f"pyc-{uuid.uuid4().hex[:12]}"
    created = []
    for n in range(3):
        r = create_contact_v1.sync_detailed(
            client=api, body=ContactIn(name=f"Py Client {n}", email=f"{tag}-{n}@example.com", tags=[tag])
        )
        step(r.status_code == 201 and isinstance(r.parsed, Contact), f"create contact {n}: {r.status_code}")
        created.append(r.parsed)
    target = created[0]

    # per_page=2 over three contacts: at least two pages, joined only by meta.next_cursor.
    seen, pages, cursor = [], 0, UNSET
    while True:
        r = list_contacts_v1.sync_detailed(client=api, per_page=2, tag=tag, cursor=cursor)
        step(r.status_code == 200 and isinstance(r.parsed, ContactList), f"list page {pages + 1}: {r.status_code}")
        pages += 1
        seen += [c.id for c in r.parsed.data]
        cursor = r.parsed.meta.next_cursor
        if not isinstance(cursor, str) or pages > 5:
            break
    want = sorted(c.id for c in created)
    step(pages >= 2 and sorted(seen) == want and target.id in seen, f"cursor paging: {pages} pages, ids {seen}")

    r = update_contact_v1.sync_detailed(
        target.id, client=api, body=VersionedContactPatch(name="Py Client renamed", version=target.version)
    )
    ok = r.status_code == 200 and isinstance(r.parsed, Contact)
    ok = ok and r.parsed.version == target.version + 1 and r.parsed.name == "Py Client renamed"
    step(ok, f"update with version {target.version}: {r.status_code}, now version {getattr(r.parsed, 'version', '?')}")

    # The version just spent is stale now: the same update must be refused, not applied twice.
    r = update_contact_v1.sync_detailed(
        target.id, client=api, body=VersionedContactPatch(name="Py Client stale", version=target.version)
    )
    ok = r.status_code == 409 and isinstance(r.parsed, ErrorBody) and r.parsed.code == "version_conflict"
    step(ok, f"stale version refused: {r.status_code} {getattr(r.parsed, 'code', '')}")

    r = create_contact_v1.sync_detailed(client=api, body=ContactIn(name="", email="not-an-email"))
    errors = r.parsed.errors if isinstance(r.parsed, ErrorBody) else None
    ok = r.status_code == 422 and isinstance(errors, FieldErrors) and "name" in errors and "email" in errors
    fields = errors.to_dict() if isinstance(errors, FieldErrors) else errors
    step(ok, f"invalid create: {r.status_code}, field errors {fields}")

    # A batch: each item on its own, typed answers (207 when one item is refused).
    r = create_contacts_batch_v1.sync_detailed(
        client=api, body=BatchCreateContactIn(items=[ContactIn(name=f"{tag} batch"), ContactIn(name="")])
    )
    parsed = r.parsed if isinstance(r.parsed, BatchResultContact) else None
    statuses = [item.status for item in parsed.results] if parsed else None
    step(r.status_code == 207 and statuses == [201, 422], f"batch create: {r.status_code}, items {statuses}")
    made = parsed.results[0].data if parsed else None
    r = update_contacts_batch_v1.sync_detailed(
        client=api,
        body=BatchUpdateContactPatch(
            items=[BatchChangeContactPatch(id=made.id, version=made.version, name=f"{tag} batch renamed")]
        ),
    )
    parsed = r.parsed if isinstance(r.parsed, BatchResultContact) else None
    renamed = parsed.results[0].data.name if parsed else None
    step(r.status_code == 200 and renamed == f"{tag} batch renamed", f"batch update: {r.status_code}, name {renamed}")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: python_client_check.py BASE_URL EMAIL PASSWORD")
    main(*sys.argv[1:])
