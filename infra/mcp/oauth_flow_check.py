"""Walks the OAuth flow an MCP client follows to reach Worktop's MCP server, end to end.

Steps, each printed as PASS/FAIL; the first failure stops the run (exit 1):
  1. POST <base>/mcp without a token: 401, `WWW-Authenticate: Bearer resource_metadata="..."`;
  2. GET that protected resource metadata (RFC 9728): `resource` is <base>/mcp, and
     `authorization_servers[0]` names the authorization server;
  3. GET its RFC 8414 metadata: issuer, authorization/token/revocation/registration endpoints,
     S256 PKCE, `none` client authentication;
  4. dynamic client registration (RFC 7591) of a public client: 201 with a `client_id`;
  5. the authorization request an MCP client opens in the browser (GET authorization_endpoint
     with PKCE S256, state and `resource`): a redirect to the dashboard's consent page;
  6. log in (POST /api/login) and give the consent through the API (POST authorization_endpoint,
     JSON, with the session token): its answer names the redirect URI with `code` and `state`;
  7. exchange the code at the token endpoint (form, with the PKCE verifier): an access token;
  8. the official MCP SDK with that token: initialize, tools/list, a call of LIST_TOOL;
  9. revoke the token (RFC 7009), then a new MCP session with it fails with HTTP 401.

The user must be allowed to consent (the `account.write` permission: an owner or admin).

Run from the repository root with a virtualenv that has the `mcp` package (see
infra/requirements.txt):

    python infra/mcp/oauth_flow_check.py --base http://127.0.0.1:3000 --email owner@example.com \
        --password '...'
"""

import argparse
import asyncio
import base64
import hashlib
import json
import re
import secrets
import sys
import urllib.error
import urllib.request
from urllib.parse import parse_qs, urlencode, urlsplit

from mcp_client_check import LIST_TOOL, CheckFailed, call, describe_error, expect, mcp_session, rows, short

# The public client this check registers; nothing listens on the redirect URI: the script reads
# the code from the consent's answer.
REDIRECT_URI = "http://127.0.0.1:33418/callback"
REGISTRATION = {
    "client_name": "MCP check",
    "redirect_uris": [REDIRECT_URI],
    "token_endpoint_auth_method": "none",
    "grant_types": ["authorization_code", "refresh_token"],
    "response_types": ["code"],
}
# POST /api/login: the body's fields and the answer's session token field.
LOGIN_PATH = "/api/login"
LOGIN_TOKEN_FIELD = "token"
# The consent call (POST to the authorization endpoint, JSON): fields beyond the authorization
# request's own, and the answer's fields that may hold the URL to send the browser to.
CONSENT_APPROVE_FIELD = "approve"
CONSENT_EXTRA_FIELDS = {}
CONSENT_REDIRECT_FIELDS = ("redirect_to", "location", "redirect_uri", "url")
# Where GET on the authorization endpoint sends the browser (the dashboard's consent page).
CONSENT_PAGE_MARK = "#/oauth/authorize"
# RFC 8707 `resource` (the MCP authorization spec has clients send it in the authorization and
# token requests): sent in the browser's authorization request and in the token request.
SEND_RESOURCE = True
# The path of the MCP endpoint under the base URL.
MCP_PATH = "/mcp"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def http(method, url, *, json_body=None, form=None, headers=None):
    """One request, redirects not followed: `(status, headers, parsed JSON or text)`."""
    headers = {"Accept": "application/json", **(headers or {})}
    data = None
    if json_body is not None:
        data = json.dumps(json_body).encode()
        headers["Content-Type"] = "application/json"
    elif form is not None:
        data = urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with OPENER.open(request, timeout=30) as response:
            status, response_headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as e:
        status, response_headers, raw = e.code, e.headers, e.read()
    try:
        body = json.loads(raw) if raw else None
    except ValueError:
        body = raw.decode(errors="replace")
    return status, response_headers, body


def auth_params(header):
    """The parameters of a `WWW-Authenticate: Bearer k="v", ...` header."""
    return {k.lower(): v1 if v1 else v2 for k, v1, v2 in re.findall(r'(\w+)=(?:"([^"]*)"|([^\s,]+))', header)}


def well_known(issuer, name):
    """RFC 8414 §3.1: the well-known segment goes between the host and the issuer's path."""
    parts = urlsplit(issuer)
    path = parts.path.rstrip("/")
    return f"{parts.scheme}://{parts.netloc}/.well-known/{name}{path}"


def pkce_pair():
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def find_redirect(answer):
    """The URL carrying `code=` in the consent's answer: a known field first, then any string."""
    if isinstance(answer, dict):
        for name in CONSENT_REDIRECT_FIELDS:
            if isinstance(answer.get(name), str):
                return answer[name]
    found = re.findall(r'https?://[^\s"\']*[?&]code=[^\s"\']*', json.dumps(answer))
    return found[0] if found else None


class Flow:
    def __init__(self, base, email, password, scope):
        self.base = base.rstrip("/")
        self.mcp_url = self.base + MCP_PATH
        self.email, self.password, self.scope = email, password, scope
        self.state = secrets.token_urlsafe(16)
        self.verifier, self.challenge = pkce_pair()

    def unauthenticated(self):
        request = {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "oauth-flow-check", "version": "1.0.0"},
            },
        }
        status, headers, body = http(
            "POST", self.mcp_url, json_body=request, headers={"Accept": "application/json, text/event-stream"}
        )
        expect(status == 401, f"expected 401, got {status}: {short(body)}")
        challenge = headers.get("WWW-Authenticate", "")
        expect(challenge.lower().startswith("bearer"), f"WWW-Authenticate is {challenge!r}")
        self.resource_metadata_url = auth_params(challenge).get("resource_metadata")
        expect(self.resource_metadata_url, f"no resource_metadata in {challenge!r}")
        return f"WWW-Authenticate: {challenge}"

    def resource_metadata(self):
        status, _, body = http("GET", self.resource_metadata_url)
        expect(status == 200 and isinstance(body, dict), f"{status}: {short(body)}")
        expect(body.get("resource") == self.mcp_url, f"resource is {body.get('resource')!r}, not {self.mcp_url!r}")
        servers = body.get("authorization_servers")
        expect(isinstance(servers, list) and servers, f"no authorization_servers: {short(body)}")
        self.issuer = servers[0]
        self.resource_scopes = body.get("scopes_supported")
        return f"authorization server {self.issuer}, scopes {self.resource_scopes}"

    def server_metadata(self):
        status, _, body = http("GET", well_known(self.issuer, "oauth-authorization-server"))
        expect(status == 200 and isinstance(body, dict), f"{status}: {short(body)}")
        expect(body.get("issuer") == self.issuer, f"issuer {body.get('issuer')!r}, not {self.issuer!r}")
        for name in ("authorization_endpoint", "token_endpoint", "revocation_endpoint", "registration_endpoint"):
            expect(body.get(name), f"no {name} in {short(body)}")
        expect("S256" in body.get("code_challenge_methods_supported", []), "S256 is not supported")
        expect("none" in body.get("token_endpoint_auth_methods_supported", []), "public clients (none) unsupported")
        self.metadata = body
        return f"registration_endpoint {body['registration_endpoint']}"

    def register(self):
        status, _, body = http("POST", self.metadata["registration_endpoint"], json_body=REGISTRATION)
        expect(status == 201 and isinstance(body, dict), f"expected 201, got {status}: {short(body)}")
        expect(body.get("client_id"), f"no client_id: {short(body)}")
        expect(not body.get("client_secret"), "a public client (auth method none) got a client_secret")
        expect(body.get("redirect_uris") == [REDIRECT_URI], f"redirect_uris {body.get('redirect_uris')!r}")
        self.client_id = body["client_id"]
        return f"client_id {self.client_id}"

    def authorization_request(self):
        query = {
            "response_type": "code",
            "client_id": self.client_id,
            "redirect_uri": REDIRECT_URI,
            "state": self.state,
            "code_challenge": self.challenge,
            "code_challenge_method": "S256",
        }
        if self.scope:
            query["scope"] = self.scope
        if SEND_RESOURCE:
            query["resource"] = self.mcp_url
        status, headers, body = http("GET", self.metadata["authorization_endpoint"] + "?" + urlencode(query))
        location = headers.get("Location", "")
        expect(300 <= status < 400, f"expected a redirect, got {status}: {short(body)}")
        expect(CONSENT_PAGE_MARK in location, f"redirect to {location!r}, not the consent page")
        expect(self.client_id in location, f"the consent page URL lacks the client_id: {location!r}")
        return f"{status} to {location[:120]}"

    def login(self):
        status, _, body = http(
            "POST", self.base + LOGIN_PATH, json_body={"email": self.email, "password": self.password}
        )
        expect(status == 200 and isinstance(body, dict), f"{status}: {short(body)}")
        expect(body.get(LOGIN_TOKEN_FIELD), f"no {LOGIN_TOKEN_FIELD} in the login answer")
        self.session = body[LOGIN_TOKEN_FIELD]
        return "session token received"

    def consent(self):
        request = {
            "client_id": self.client_id,
            "redirect_uri": REDIRECT_URI,
            "response_type": "code",
            "state": self.state,
            "code_challenge": self.challenge,
            "code_challenge_method": "S256",
            CONSENT_APPROVE_FIELD: True,
            **CONSENT_EXTRA_FIELDS,
        }
        if self.scope:
            request["scope"] = self.scope
        status, _, body = http(
            "POST",
            self.metadata["authorization_endpoint"],
            json_body=request,
            headers={"Authorization": f"Bearer {self.session}"},
        )
        expect(200 <= status < 300, f"{status}: {short(body)}")
        redirect = find_redirect(body)
        expect(redirect, f"no URL with code= in the answer: {json.dumps(body)}")
        expect(redirect.startswith(REDIRECT_URI + "?"), f"redirect {redirect!r} is not to {REDIRECT_URI}")
        query = parse_qs(urlsplit(redirect).query)
        expect("error" not in query, f"the redirect carries an error: {redirect}")
        expect(query.get("state") == [self.state], f"state {query.get('state')!r}, sent {self.state!r}")
        expect(len(query.get("code", [])) == 1 and query["code"][0], f"no single code in {redirect}")
        self.code = query["code"][0]
        return f"answer fields {sorted(body) if isinstance(body, dict) else type(body).__name__}"

    def token(self):
        form = {
            "grant_type": "authorization_code",
            "code": self.code,
            "redirect_uri": REDIRECT_URI,
            "client_id": self.client_id,
            "code_verifier": self.verifier,
        }
        if SEND_RESOURCE:
            form["resource"] = self.mcp_url
        status, headers, body = http("POST", self.metadata["token_endpoint"], form=form)
        expect(status == 200 and isinstance(body, dict), f"{status}: {short(body)}")
        expect(body.get("access_token"), f"no access_token: {short(body)}")
        expect(str(body.get("token_type", "")).lower() == "bearer", f"token_type {body.get('token_type')!r}")
        expect("no-store" in headers.get("Cache-Control", ""), "the token answer lacks Cache-Control: no-store")
        self.access_token = body["access_token"]
        return (
            f"access token {self.access_token[:8]}..., scope {body.get('scope')!r}, expires_in {body.get('expires_in')}"
        )

    async def use_token(self):
        async with mcp_session(self.mcp_url, self.access_token) as (session, init):
            tools = await session.list_tools()
            is_error, payload = await call(session, LIST_TOOL, {})
        expect(not is_error, f"{LIST_TOOL}: isError: {short(payload)}")
        data = rows(payload)
        page_note = " (first page)" if tools.next_cursor else ""
        return (
            f"protocol {init.protocol_version}, {len(tools.tools)} tools{page_note}, "
            f"{LIST_TOOL} gave {len(data)} row(s)"
        )

    def revoke(self):
        form = {"token": self.access_token, "client_id": self.client_id}
        status, _, body = http("POST", self.metadata["revocation_endpoint"], form=form)
        expect(status == 200, f"{status}: {short(body)}")
        return "revoked"

    async def revoked_token_refused(self):
        statuses = []
        try:
            async with mcp_session(self.mcp_url, self.access_token, statuses):
                pass
        except Exception as e:  # noqa: BLE001 - the failed initialize (CheckFailed in the SDK's task groups)
            refusal = describe_error(e)
        else:
            raise CheckFailed("a session with the revoked token was initialized")
        expect(statuses and statuses[0] == 401, f"expected HTTP 401, got {statuses}: {refusal}")
        return "the SDK's initialize got HTTP 401"


async def run(flow):
    steps = [
        ("unauthenticated POST /mcp: 401 with resource_metadata", flow.unauthenticated),
        ("protected resource metadata (RFC 9728)", flow.resource_metadata),
        ("authorization server metadata (RFC 8414)", flow.server_metadata),
        ("dynamic client registration (RFC 7591)", flow.register),
        ("authorization request redirects to the consent page", flow.authorization_request),
        ("log in", flow.login),
        ("consent through the API", flow.consent),
        ("code exchange with the PKCE verifier", flow.token),
        ("MCP session with the access token", flow.use_token),
        ("revocation (RFC 7009)", flow.revoke),
        ("revoked token: new MCP session refused", flow.revoked_token_refused),
    ]
    for title, step in steps:
        try:
            detail = step()
            if asyncio.iscoroutine(detail):
                detail = await detail
        except Exception as e:  # noqa: BLE001 - CheckFailed, the SDK's errors, network errors
            print(f"FAIL  {title}: {describe_error(e)}")
            print(f"\noauth_flow_check: stopped at step {steps.index((title, step)) + 1} of {len(steps)}")
            return False
        print(f"PASS  {title}: {detail}")
    print(f"\noauth_flow_check: all {len(steps)} steps passed")
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the server's base URL (the MCP endpoint is <base>/mcp)")
    parser.add_argument("--email", required=True, help="a user who may consent (owner or admin)")
    parser.add_argument("--password", required=True)
    parser.add_argument("--scope", help="space-separated scopes to ask for (default: none, i.e. all the client's)")
    args = parser.parse_args()
    flow = Flow(args.base, args.email, args.password, args.scope)
    sys.exit(0 if asyncio.run(run(flow)) else 1)


if __name__ == "__main__":
    main()
