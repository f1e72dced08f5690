"""paginate() and pages() follow meta.next_cursor until it is null."""

from __future__ import annotations

import asyncio
import base64
from typing import Any

import httpx
import pytest
from attrs import define

import worktop
from worktop import apaginate, pages, paginate

ALL = [{"id": i, "name": f"C{i}"} for i in range(1, 8)]


def list_answer(request: httpx.Request) -> httpx.Response:
    """A list of 7 contacts paged by an opaque cursor (the offset, encoded)."""
    per_page = int(request.url.params.get("per_page", "15"))
    cursor = request.url.params.get("cursor")
    start = 0 if cursor is None else int(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    nxt = (
        base64.urlsafe_b64encode(str(start + per_page).encode()).decode().rstrip("=")
        if start + per_page < len(ALL)
        else None
    )
    meta = {
        "total": len(ALL),
        "total_exact": True,
        "per_page": per_page,
        "current_page": 1 + start // per_page,
        "last_page": 3,
        "next_cursor": nxt,
    }
    return httpx.Response(200, json={"data": ALL[start : start + per_page], "meta": meta})


def test_paginate_follows_the_cursor_and_keeps_the_filters() -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return list_answer(request)

    api = worktop.connect("http://api.test", "wt_test_x", transport=httpx.MockTransport(handler))
    http = api.get_httpx_client()

    def fetch(cursor: str | None) -> dict[str, Any]:
        params: dict[str, Any] = {"tag": "t", "per_page": 3}
        if cursor is not None:
            params["cursor"] = cursor
        page: dict[str, Any] = http.get("/api/v1/contacts", params=params).json()
        return page

    assert [c["name"] for c in paginate(fetch)] == [c["name"] for c in ALL]
    assert len(seen) == 3
    assert "cursor" not in seen[0].url.params
    assert all(r.url.params["tag"] == "t" for r in seen)
    assert len(list(pages(fetch, max_pages=2))) == 2


@define
class Meta:
    next_cursor: str | None


@define
class ContactPage:
    data: list[int]
    meta: Meta


def test_paginate_reads_generated_models_too() -> None:
    book = {None: ContactPage([1, 2], Meta("b")), "b": ContactPage([3], Meta("c")), "c": ContactPage([], Meta(None))}
    items: list[int] = list(paginate(lambda cursor: book[cursor]))
    assert items == [1, 2, 3]


def test_paginate_stops_when_a_cursor_comes_back() -> None:
    seen: list[int] = []
    with pytest.raises(RuntimeError, match="twice"):
        seen.extend(paginate(lambda _cursor: ContactPage([1], Meta("same"))))
    assert seen == [1, 1]


def test_apaginate() -> None:
    book = {None: ContactPage([1, 2], Meta("b")), "b": ContactPage([3], Meta(None))}

    async def fetch(cursor: str | None) -> ContactPage:
        return book[cursor]

    async def run() -> list[int]:
        return [n async for n in apaginate(fetch)]

    assert asyncio.run(run()) == [1, 2, 3]
