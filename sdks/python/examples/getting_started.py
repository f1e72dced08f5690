"""Getting started with the worktop package: log in (or use a token), create a contact, find it by
paging through the list, update it, and see what a validation error and a stale update look like.

Run:
    BASE_URL=http://127.0.0.1:8080 WORKTOP_TOKEN=wt_test_... python examples/getting_started.py
    BASE_URL=... EMAIL=admin@example.com PASSWORD=... python examples/getting_started.py
Exits non-zero on any unexpected answer.
"""

from __future__ import annotations

import os
import sys
import uuid

import worktop
from worktop import ApiError, ValidationError, VersionConflictError, expect, paginate
from worktop.generated.api.v1 import (
    create_contact_v1,
    delete_contact_v1,
    list_contacts_v1,
    update_contact_v1,
)
from worktop.generated.models import Contact, ContactIn, ContactList, VersionedContactPatch


def need(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise SystemExit(f"set {name}")
    return value


def check(condition: bool, what: str) -> None:
    if not condition:
        raise RuntimeError(f"unexpected: {what}")
    print(f"ok   {what}", flush=True)


def main() -> None:
    base_url = need("BASE_URL")
    # 1. A client: with an API key or session token, or by logging in.
    token = os.environ.get("WORKTOP_TOKEN")
    api = worktop.connect(base_url, token) if token else worktop.login(base_url, need("EMAIL"), need("PASSWORD"))
    print(f"ok   connected to {base_url}")

    # 2. Create a contact. The POST carries an Idempotency-Key of its own (a uuid4), so a retry
    #    after a 429 or 503 cannot create it twice.
    run = uuid.uuid4().hex[:8]
    contact = expect(
        create_contact_v1.sync(
            client=api,
            body=ContactIn(name=f"Ada Lovelace {run}", email=f"ada-{run}@example.com", tags=["sdk-example"]),
        ),
        Contact,
    )
    check(
        contact.name == f"Ada Lovelace {run}" and contact.version >= 1,
        f"created contact {contact.id} (version {contact.version})",
    )

    # 3. Page through the list until it shows up: paginate() follows meta.next_cursor.
    found = False
    seen = 0
    for item in paginate(
        lambda cursor: expect(
            list_contacts_v1.sync(client=api, per_page=100, cursor=cursor),
            ContactList,
        )
    ):
        seen += 1
        if item.id == contact.id:
            found = True
            break
    check(found, f"found contact {contact.id} in the list after {seen} item(s)")

    # 4. Update it, sending the version it was read at.
    updated = expect(
        update_contact_v1.sync(
            contact.id, client=api, body=VersionedContactPatch(phone="+44 20 7946 0000", version=contact.version)
        ),
        Contact,
    )
    check(
        updated.phone == "+44 20 7946 0000" and updated.version == contact.version + 1,
        f"updated contact {contact.id} to version {updated.version}",
    )

    # 5. The same update again is stale now: 409 version_conflict, as a typed error.
    try:
        update_contact_v1.sync(
            contact.id, client=api, body=VersionedContactPatch(phone="+44 20 7946 0001", version=contact.version)
        )
        check(False, "a stale version was accepted")
    except VersionConflictError as e:
        check(e.status == 409 and e.code == "version_conflict", f"stale update refused: {e.status} {e.code}")

    # 6. What a 422 looks like: an invalid e-mail address.
    try:
        create_contact_v1.sync(client=api, body=ContactIn(name=f"Bad {run}", email="not-an-email"))
        check(False, "an invalid e-mail was accepted")
    except ValidationError as e:
        check(
            e.code == "validation_failed" and bool(e.field_errors.get("email")),
            f"invalid e-mail refused: {e.status} {e.code}, email: {e.field_errors['email']} (request {e.request_id})",
        )

    # 7. Clean up.
    delete_contact_v1.sync(contact.id, client=api)
    print(f"ok   deleted contact {contact.id}")


if __name__ == "__main__":
    try:
        main()
    except ApiError as e:
        print(f"FAIL {e.status} {e.code}: {e.message} (request {e.request_id}, {e.method} {e.url})", file=sys.stderr)
        sys.exit(1)
    except Exception as e:  # noqa: BLE001 - any surprise fails the example
        print(f"FAIL {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(1)
    print("getting started (python): all steps passed")
