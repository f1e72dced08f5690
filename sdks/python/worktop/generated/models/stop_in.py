from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="StopIn")


@_attrs_define
class StopIn:
    """Body of `POST /api/stop-tracker`.

    Attributes:
        tracker_id (int | None | Unset): The caller's running timer; the one running when absent.
    """

    tracker_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tracker_id: int | None | Unset
        if isinstance(self.tracker_id, Unset):
            tracker_id = UNSET
        else:
            tracker_id = self.tracker_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if tracker_id is not UNSET:
            field_dict["tracker_id"] = tracker_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_tracker_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        tracker_id = _parse_tracker_id(d.pop("tracker_id", UNSET))

        stop_in = cls(
            tracker_id=tracker_id,
        )

        stop_in.additional_properties = d
        return stop_in

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
