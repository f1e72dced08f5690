from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Attempt")


@_attrs_define
class Attempt:
    """How one delivery attempt ended.

    Attributes:
        at (str):
        attempt (int): 1 for the first attempt, one more for each retry.
        error (None | str):
        latency_ms (int):
        response_excerpt (None | str): The first 1000 characters of the receiver's answer.
        status_code (int | None):
    """

    at: str
    attempt: int
    error: None | str
    latency_ms: int
    response_excerpt: None | str
    status_code: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at

        attempt = self.attempt

        error: None | str
        error = self.error

        latency_ms = self.latency_ms

        response_excerpt: None | str
        response_excerpt = self.response_excerpt

        status_code: int | None
        status_code = self.status_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "attempt": attempt,
                "error": error,
                "latency_ms": latency_ms,
                "response_excerpt": response_excerpt,
                "status_code": status_code,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        at = d.pop("at")

        attempt = d.pop("attempt")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        latency_ms = d.pop("latency_ms")

        def _parse_response_excerpt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        response_excerpt = _parse_response_excerpt(d.pop("response_excerpt"))

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("status_code"))

        attempt = cls(
            at=at,
            attempt=attempt,
            error=error,
            latency_ms=latency_ms,
            response_excerpt=response_excerpt,
            status_code=status_code,
        )

        attempt.additional_properties = d
        return attempt

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
