from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.read_only_code import ReadOnlyCode

T = TypeVar("T", bound="ReadOnlyOut")


@_attrs_define
class ReadOnlyOut:
    """Why and since when a workspace is read-only.

    Attributes:
        code (ReadOnlyCode): Why a workspace is read-only: its trial ended without a subscription (`trial_ended`), or
            its subscription ended, cancelled at the period's end or unpaid (`subscription_ended`).
        message (str): What a refused write says.
        since (str):
    """

    code: ReadOnlyCode
    message: str
    since: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        message = self.message

        since = self.since

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "message": message,
                "since": since,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = ReadOnlyCode(d.pop("code"))

        message = d.pop("message")

        since = d.pop("since")

        read_only_out = cls(
            code=code,
            message=message,
            since=since,
        )

        read_only_out.additional_properties = d
        return read_only_out

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
