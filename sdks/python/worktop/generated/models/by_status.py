from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ByStatus")


@_attrs_define
class ByStatus:
    """Tickets in each status.

    Attributes:
        closed (int):
        in_progress (int):
        on_hold (int):
        open_ (int):
    """

    closed: int
    in_progress: int
    on_hold: int
    open_: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        closed = self.closed

        in_progress = self.in_progress

        on_hold = self.on_hold

        open_ = self.open_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "closed": closed,
                "in_progress": in_progress,
                "on_hold": on_hold,
                "open": open_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        closed = d.pop("closed")

        in_progress = d.pop("in_progress")

        on_hold = d.pop("on_hold")

        open_ = d.pop("open")

        by_status = cls(
            closed=closed,
            in_progress=in_progress,
            on_hold=on_hold,
            open_=open_,
        )

        by_status.additional_properties = d
        return by_status

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
