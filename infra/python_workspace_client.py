"""A workspace's own OpenAPI document (GET /api/openapi.json with a token) and a client generated
from it: the custom fields are typed, so a contact is created with a custom select field and read
back as that field's enum.

Usage:
  python_workspace_client.py setup BASE_URL EMAIL PASSWORD OUT.json
      defines the `tier` select field on contacts (once) and saves the workspace's document;
  python_workspace_client.py check BASE_URL EMAIL PASSWORD
      drives the API through the client generated from it (the package on PYTHONPATH).
"""

import json
import sys
import urllib.error
import urllib.request


def call(method: str, url: str, token: str | None = None, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def setup(base_url: str, email: str, password: str, out: str) -> None:
    status, login = call("POST", f"{base_url}/api/login", body={"email": email, "password": password})
    assert status == 200, (status, login)
    token = login["token"]
    field = {"resource": "crm_contact", "key": "tier", "label": "Tier", "type": "select", "options": ["Gold", "Silver"]}
    status, body = call("POST", f"{base_url}/api/custom-fields", token, field)
    # 422 on `key`: defined by an earlier run against the same server.
    assert status == 201 or (status == 422 and "key" in body.get("errors", {})), (status, body)
    status, document = call("GET", f"{base_url}/api/openapi.json", token)
    assert status == 200 and "CrmContactCustomFields" in document["components"]["schemas"], status
    with open(out, "w") as f:
        json.dump(document, f)
    print("workspace document: tier spelled out", flush=True)


def check(base_url: str, email: str, password: str) -> None:
    from worktop_workspace_client import AuthenticatedClient, Client
    from worktop_workspace_client.api.identity import login
    from worktop_workspace_client.api.v1 import create_contact_v1, show_contact_v1
    from worktop_workspace_client.models import (
        Contact,
        ContactIn,
        CrmContactCustomFields,
        CrmContactCustomFieldsIn,
        CrmContactCustomFieldsInTier,
        CrmContactCustomFieldsTier,
        LoginIn,
    )

    anon = Client(base_url=base_url, raise_on_unexpected_status=True)
    token = login.sync(client=anon, body=LoginIn(email=email, password=password)).token
    api = AuthenticatedClient(base_url=base_url, token=token, raise_on_unexpected_status=True)
    custom = CrmContactCustomFieldsIn(tier=CrmContactCustomFieldsInTier.GOLD)
    created = create_contact_v1.sync_detailed(client=api, body=ContactIn(name="Typed Custom", custom_fields=custom))
    assert created.status_code == 201 and isinstance(created.parsed, Contact), created.status_code
    shown = show_contact_v1.sync(client=api, id=created.parsed.id)
    assert isinstance(shown, Contact), shown
    assert isinstance(shown.custom_fields, CrmContactCustomFields), type(shown.custom_fields)
    assert shown.custom_fields.tier == CrmContactCustomFieldsTier.GOLD, shown.custom_fields.tier
    print(f"ok   workspace client: contact {shown.id} created and read back with tier {shown.custom_fields.tier!r}")


if __name__ == "__main__":
    if sys.argv[1] == "setup":
        setup(*sys.argv[2:6])
    else:
        check(*sys.argv[2:5])
