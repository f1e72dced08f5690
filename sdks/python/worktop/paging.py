"""Paging helpers: every item of a list, following ``meta.next_cursor``.

Lists answer ``{"data": [...], "meta": {"total", "total_exact", "per_page", "current_page",
"last_page", "next_cursor"}}``; ``next_cursor`` is null on the last page. A cursor is valid only
for the same list (same filters, sort and search), so the function you pass sends the same
filters every time and only the cursor changes::

    for contact in paginate(lambda cursor: expect(
        list_contacts_v1.sync(client=api, tag="vip", per_page=100, cursor=cursor), ContactList
    )):
        print(contact.name)

The page may be a generated model (anything with ``.data`` and ``.meta.next_cursor``) or the
decoded JSON (a dict).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar, overload

__all__ = ["Page", "apages", "apaginate", "next_cursor", "pages", "paginate"]

T_co = TypeVar("T_co", covariant=True)
T = TypeVar("T")
P = TypeVar("P")


class _Meta(Protocol):
    @property
    def next_cursor(self) -> object: ...


class Page(Protocol[T_co]):
    """A page of a list, as the generated list models are."""

    @property
    def data(self) -> Sequence[T_co]: ...

    @property
    def meta(self) -> _Meta: ...


def next_cursor(page: object) -> str | None:
    """The page's ``meta.next_cursor``, or None on the last page."""
    meta = page.get("meta") if isinstance(page, Mapping) else getattr(page, "meta", None)
    cursor = meta.get("next_cursor") if isinstance(meta, Mapping) else getattr(meta, "next_cursor", None)
    # None, or the generator's UNSET marker when absent: both mean the last page.
    return cursor if isinstance(cursor, str) and cursor else None


def _items(page: object) -> Sequence[Any]:
    data = page.get("data") if isinstance(page, Mapping) else getattr(page, "data", None)
    if not isinstance(data, Sequence) or isinstance(data, (str, bytes)):
        raise TypeError(f"a page needs a `data` list, got {type(page).__name__}")
    return data


def pages(fetch_page: Callable[[str | None], P], *, max_pages: int | None = None) -> Iterator[P]:
    """Every page: ``fetch_page(None)``, then ``fetch_page(next_cursor)`` until it is null."""
    cursor: str | None = None
    seen: set[str] = set()
    count = 0
    while True:
        page = fetch_page(cursor)
        yield page
        count += 1
        cursor = next_cursor(page)
        if cursor is None or (max_pages is not None and count >= max_pages):
            return
        if cursor in seen:
            raise RuntimeError(f"the list answered the cursor {cursor!r} twice")
        seen.add(cursor)


@overload
def paginate(fetch_page: Callable[[str | None], Page[T]], *, max_pages: int | None = None) -> Iterator[T]: ...
@overload
def paginate(
    fetch_page: Callable[[str | None], Mapping[str, Any]], *, max_pages: int | None = None
) -> Iterator[Any]: ...
def paginate(fetch_page: Callable[[str | None], object], *, max_pages: int | None = None) -> Iterator[Any]:
    """Every item of every page (see :func:`pages`)."""
    for page in pages(fetch_page, max_pages=max_pages):
        yield from _items(page)


async def apages(fetch_page: Callable[[str | None], Awaitable[P]], *, max_pages: int | None = None) -> AsyncIterator[P]:
    """:func:`pages` for async fetches (the generated ``asyncio()`` functions)."""
    cursor: str | None = None
    seen: set[str] = set()
    count = 0
    while True:
        page = await fetch_page(cursor)
        yield page
        count += 1
        cursor = next_cursor(page)
        if cursor is None or (max_pages is not None and count >= max_pages):
            return
        if cursor in seen:
            raise RuntimeError(f"the list answered the cursor {cursor!r} twice")
        seen.add(cursor)


@overload
def apaginate(
    fetch_page: Callable[[str | None], Awaitable[Page[T]]], *, max_pages: int | None = None
) -> AsyncIterator[T]: ...
@overload
def apaginate(
    fetch_page: Callable[[str | None], Awaitable[Mapping[str, Any]]], *, max_pages: int | None = None
) -> AsyncIterator[Any]: ...
async def apaginate(
    fetch_page: Callable[[str | None], Awaitable[object]], *, max_pages: int | None = None
) -> AsyncIterator[Any]:
    """Every item of every page, for async fetches."""
    async for page in apages(fetch_page, max_pages=max_pages):
        for item in _items(page):
            yield item
