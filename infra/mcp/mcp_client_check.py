"""Checks Worktop's remote MCP server (`<base>/mcp`) with the official MCP Python SDK as a client.

What it checks, each printed as PASS/FAIL/SKIP (exit 1 when any fails, 2 on bad arguments):
  - initialize works (Streamable HTTP, `Authorization: Bearer <token>`);
  - tools/list, every `nextCursor` page followed: unique names, each tool with a description and an
    `inputSchema` that is a valid JSON Schema (Draft 2020-12 meta-schema) of type object; the
    tools this script calls are listed, the create tool with a `body` property;
  - a read tool (LIST_TOOL, `{}`): not isError, `structuredContent` is the REST answer with a
    `data` list, and `content[0].text` is the same JSON;
  - a create tool (CREATE_TOOL, `{"body": {...}}`): not isError, the answer has an `id`, and a
    plain REST `GET <base>/api/v1/contacts/{id}` with the same bearer finds it;
  - bad input (CREATE_TOOL with an invalid e-mail and no name): isError, and the REST error body
    (code VALIDATION_CODE and field `errors`) is in `structuredContent` and in the text;
  - with --scoped-token (a key that may only read): CREATE_TOOL is isError with the API's 403 code;
  - pagination: LIST_TOOL with `{"per_page": 1}`, following `meta.next_cursor` as `{"cursor": ...}`
    for at least 2 pages, ids distinct;
  - with --sandbox-token (`wt_test_...`): the contact created with the live token is not among the
    sandbox's contacts (LIST_TOOL filtered by its e-mail, checked against the live token first).

Tool arguments follow the server's convention: path and query parameters are top-level
properties, the JSON request body goes under `body`.

Run from the repository root with a virtualenv that has the `mcp` package (see
infra/requirements.txt):

    python infra/mcp/mcp_client_check.py --url http://127.0.0.1:3000/mcp --token wt_live_... \
        [--sandbox-token wt_test_...] [--scoped-token wt_live_<read-only key>]
"""

import argparse
import asyncio
import json
import sys
import urllib.error
import urllib.request
import uuid
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

import httpx2
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from mcp import ClientSession, types
from mcp.client.streamable_http import streamable_http_client

# Tool names: the OpenAPI operationId in snake_case (listContactsV1, createContactV1).
LIST_TOOL = "list_contacts_v1"
CREATE_TOOL = "create_contact_v1"
# The REST route that shows one contact, relative to the base URL.
REST_SHOW_PATH = "/api/v1/contacts/{id}"
# Argument names of the list tool (query parameters of GET /api/v1/contacts).
PER_PAGE_ARG = "per_page"
CURSOR_ARG = "cursor"
EMAIL_FILTER_ARG = "email"
# Codes of the API's JSON error body (docs/api-conventions.md).
VALIDATION_CODE = "validation_failed"
FORBIDDEN_CODE = "forbidden"
# Pagination: pages to read at most.
MAX_PAGES = 5

CLIENT_INFO = types.Implementation(name="worktop-mcp-client-check", version="1.0.0")


class CheckFailed(Exception):
    """A check's expectation did not hold."""


def expect(condition, message):
    if not condition:
        raise CheckFailed(message)


def short(value, limit=400):
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if len(text) <= limit else text[:limit] + "..."


def describe_error(error):
    """One line for an exception, unwrapping the exception groups anyio raises."""
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(describe_error(e) for e in error.exceptions)
    if isinstance(error, CheckFailed):
        return str(error)
    return f"{type(error).__name__}: {error}"


@asynccontextmanager
async def mcp_session(url, token, statuses=None):
    """An initialized `ClientSession` to `url` sending `Authorization: Bearer <token>`.

    `statuses`, a list, collects the HTTP status of every response the transport received; a
    failed initialize raises CheckFailed naming them. Yields `(session, initialize_result)`.
    """
    statuses = [] if statuses is None else statuses

    async def record(response):
        statuses.append(response.status_code)

    http = httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {token}"},
        timeout=httpx2.Timeout(30.0, read=120.0),
        event_hooks={"response": [record]},
    )
    async with (
        http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write, client_info=CLIENT_INFO) as session,
    ):
        try:
            init = await session.initialize()
        except Exception as e:
            raise CheckFailed(f"initialize failed, HTTP statuses {statuses}: {describe_error(e)}") from e
        yield session, init


def tool_payload(result):
    """The REST JSON answer a tool result carries: `structuredContent`, which `content[0].text`
    must repeat as JSON text."""
    expect(result.content, "the result has no content")
    first = result.content[0]
    expect(first.type == "text", f"content[0] is {first.type!r}, not text")
    try:
        from_text = json.loads(first.text)
    except json.JSONDecodeError as e:
        raise CheckFailed(f"content[0].text is not JSON ({e}): {short(first.text)}") from None
    structured = result.structured_content
    expect(structured is not None, f"no structuredContent; text: {short(first.text)}")
    expect(structured == from_text, "structuredContent and content[0].text differ")
    return structured


async def call(session, name, arguments):
    """Calls a tool; returns `(is_error, payload)`."""
    result = await session.call_tool(name, arguments)
    return bool(result.is_error), tool_payload(result)


def rest_get(base, path, token):
    """`GET base+path` with the bearer: `(status, json_or_text)`."""
    request = urllib.request.Request(
        base + path, headers={"Authorization": f"Bearer {token}", "Accept": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as e:
        status, raw = e.code, e.read()
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, raw.decode(errors="replace")


def rows(payload):
    data = payload.get("data") if isinstance(payload, dict) else None
    expect(isinstance(data, list), f"no `data` list in {short(payload)}")
    return data


def error_code(payload):
    return payload.get("code") if isinstance(payload, dict) else None


# -- the checks: each takes the shared state, raises CheckFailed, returns a detail line ----------


@dataclass
class State:
    url: str
    base: str
    token: str
    sandbox_token: str | None
    scoped_token: str | None
    tools: dict = field(default_factory=dict)
    created: dict | None = None


async def check_initialize(state):
    async with mcp_session(state.url, state.token) as (_, init):
        info = init.server_info
        expect(init.capabilities.tools is not None, "the server does not declare the tools capability")
        return f"server {info.name} {info.version}, protocol {init.protocol_version}"


async def check_list_tools(state):
    names, pages, cursor = [], 0, None
    async with mcp_session(state.url, state.token) as (session, _):
        while True:
            params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
            page = await session.list_tools(params=params)
            pages += 1
            for tool in page.tools:
                names.append(tool.name)
                state.tools[tool.name] = tool
            cursor = page.next_cursor
            if not cursor:
                break
            expect(pages < 1000, "more than 1000 pages of tools: nextCursor does not end")
    duplicates = sorted({n for n in names if names.count(n) > 1})
    expect(not duplicates, f"duplicate tool names: {duplicates}")
    problems = []
    for name, tool in state.tools.items():
        if not tool.description:
            problems.append(f"{name}: no description")
        schema = tool.input_schema
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as e:
            problems.append(f"{name}: invalid inputSchema: {e.message} at {list(e.absolute_path)}")
        if schema.get("type") != "object":
            problems.append(f"{name}: inputSchema type is {schema.get('type')!r}, not 'object'")
    expect(not problems, "; ".join(problems[:20]) + (f" (+{len(problems) - 20} more)" if len(problems) > 20 else ""))
    for needed in (LIST_TOOL, CREATE_TOOL):
        expect(needed in state.tools, f"tool {needed!r} is not listed")
    create_props = state.tools[CREATE_TOOL].input_schema.get("properties", {})
    expect("body" in create_props, f"{CREATE_TOOL} has no `body` property: {sorted(create_props)}")
    return f"{len(names)} tools on {pages} page(s), all schemas valid"


async def check_read_tool(state):
    async with mcp_session(state.url, state.token) as (session, _):
        is_error, payload = await call(session, LIST_TOOL, {})
    expect(not is_error, f"isError: {short(payload)}")
    data = rows(payload)
    return f"{len(data)} contact(s) on the first page"


async def check_create_tool(state):
    email = f"mcp-{uuid.uuid4().hex[:12]}@example.com"
    body = {"name": "MCP Ada", "email": email}
    async with mcp_session(state.url, state.token) as (session, _):
        is_error, payload = await call(session, CREATE_TOOL, {"body": body})
    expect(not is_error, f"isError: {short(payload)}")
    expect(isinstance(payload, dict) and payload.get("id") is not None, f"no `id` in {short(payload)}")
    expect(payload.get("email") == email, f"email {payload.get('email')!r}, sent {email!r}")
    state.created = payload
    status, shown = rest_get(state.base, REST_SHOW_PATH.format(id=payload["id"]), state.token)
    expect(status == 200, f"REST GET of id {payload['id']}: {status} {short(shown)}")
    expect(shown.get("id") == payload["id"] and shown.get("email") == email, f"REST shows {short(shown)}")
    return f"created id {payload['id']} ({email}), REST GET finds it"


async def check_bad_input(state):
    async with mcp_session(state.url, state.token) as (session, _):
        result = await session.call_tool(CREATE_TOOL, {"body": {"email": "not an address"}})
    payload = tool_payload(result)
    expect(result.is_error, f"not isError: {short(payload)}")
    expect(error_code(payload) == VALIDATION_CODE, f"code {error_code(payload)!r}, not {VALIDATION_CODE!r}")
    errors = payload.get("errors")
    expect(isinstance(errors, dict) and errors, f"no field `errors` in {short(payload)}")
    expect(VALIDATION_CODE in result.content[0].text, "the text does not carry the code")
    return f"code {VALIDATION_CODE}, fields {sorted(errors)}"


async def check_scope(state):
    if not state.scoped_token:
        return None
    body = {"name": "MCP Scoped", "email": f"mcp-{uuid.uuid4().hex[:12]}@example.com"}
    async with mcp_session(state.url, state.scoped_token) as (session, _):
        is_error, payload = await call(session, CREATE_TOOL, {"body": body})
    code = error_code(payload)
    print(f"       403 body code: {code!r}; message: {payload.get('message') if isinstance(payload, dict) else ''}")
    expect(is_error, f"a read-only key created a contact: {short(payload)}")
    expect(code == FORBIDDEN_CODE, f"code {code!r}, not {FORBIDDEN_CODE!r}: {short(payload)}")
    return f"isError with code {code}"


async def list_page(session, arguments):
    is_error, payload = await call(session, LIST_TOOL, arguments)
    expect(not is_error, f"{LIST_TOOL} {arguments}: isError: {short(payload)}")
    meta = payload.get("meta")
    expect(isinstance(meta, dict), f"no `meta` in {short(payload)}")
    return rows(payload), meta.get("next_cursor")


async def check_pagination(state):
    async with mcp_session(state.url, state.token) as (session, _):
        first, cursor = await list_page(session, {PER_PAGE_ARG: 1})
        if not cursor:
            # One contact at most: add one so that there are two pages.
            body = {"name": "MCP Page", "email": f"mcp-{uuid.uuid4().hex[:12]}@example.com"}
            is_error, payload = await call(session, CREATE_TOOL, {"body": body})
            expect(not is_error, f"creating a second contact: {short(payload)}")
            first, cursor = await list_page(session, {PER_PAGE_ARG: 1})
        expect(len(first) == 1, f"per_page 1 gave {len(first)} rows")
        expect(cursor, "no meta.next_cursor although there are two contacts or more")
        ids, pages = [first[0]["id"]], 1
        while cursor and pages < MAX_PAGES:
            page, cursor = await list_page(session, {PER_PAGE_ARG: 1, CURSOR_ARG: cursor})
            expect(len(page) == 1, f"page {pages + 1} has {len(page)} rows")
            ids.append(page[0]["id"])
            pages += 1
    expect(pages >= 2, f"only {pages} page(s)")
    expect(len(set(ids)) == len(ids), f"ids repeat across pages: {ids}")
    return f"{pages} pages, ids {ids}"


async def check_sandbox(state):
    if not state.sandbox_token:
        return None
    expect(state.created, "no contact was created with the live token (see the create check)")
    email, created_id = state.created["email"], state.created["id"]
    query = {EMAIL_FILTER_ARG: email}
    async with mcp_session(state.url, state.token) as (session, _):
        live, _ = await list_page(session, query)
    expect(any(r.get("id") == created_id for r in live), f"the live list filtered by {email} misses id {created_id}")
    async with mcp_session(state.url, state.sandbox_token) as (session, _):
        sandbox, _ = await list_page(session, query)
    leaked = [r for r in sandbox if r.get("email") == email]
    expect(not leaked, f"the sandbox lists the live contact: {short(leaked)}")
    return f"the live contact {created_id} is not in the sandbox"


CHECKS = [
    ("initialize", check_initialize),
    ("tools/list: unique names, valid input schemas", check_list_tools),
    (f"read tool {LIST_TOOL}", check_read_tool),
    (f"create tool {CREATE_TOOL} + REST GET", check_create_tool),
    ("bad input gives the API's validation error", check_bad_input),
    ("read-only key may not create (--scoped-token)", check_scope),
    ("pagination with meta.next_cursor", check_pagination),
    ("sandbox key does not see live data (--sandbox-token)", check_sandbox),
]


async def run_check(check, state):
    """`("PASS", detail)`, `("SKIP", reason)` or `("FAIL", reason)`."""
    try:
        detail = await check(state)
    except Exception as e:  # noqa: BLE001 - CheckFailed, the SDK's errors (MCPError, transport), REST errors
        return "FAIL", describe_error(e)
    return ("SKIP", "option not given") if detail is None else ("PASS", detail)


async def run(state):
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    for index, (title, check) in enumerate(CHECKS):
        outcome, detail = await run_check(check, state)
        counts[outcome] += 1
        print(f"{outcome}  {title}: {detail}")
        if index == 0 and outcome == "FAIL":
            print(f"(no session: the other {len(CHECKS) - 1} checks are not run)")
            break
    print(f"\nmcp_client_check: {counts['PASS']} passed, {counts['FAIL']} failed, {counts['SKIP']} skipped")
    return counts["FAIL"]


def base_of(url):
    """`<base>` of `<base>/mcp`."""
    trimmed = url.rstrip("/")
    if not trimmed.endswith("/mcp"):
        raise SystemExit(f"--url must end in /mcp: {url}")
    return trimmed[: -len("/mcp")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="the MCP endpoint, <base>/mcp")
    parser.add_argument("--token", required=True, help="a live bearer that may read and write contacts")
    parser.add_argument("--sandbox-token", help="a sandbox key (wt_test_...) of the same workspace")
    parser.add_argument("--scoped-token", help="a key that may only read (e.g. scopes crm.read)")
    args = parser.parse_args()
    state = State(
        url=args.url,
        base=base_of(args.url),
        token=args.token,
        sandbox_token=args.sandbox_token,
        scoped_token=args.scoped_token,
    )
    sys.exit(1 if asyncio.run(run(state)) else 0)


if __name__ == "__main__":
    main()
