from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LeaveTypeIn")


@_attrs_define
class LeaveTypeIn:
    """Body of `POST /api/leave-types/create`.

    Attributes:
        days_per_year (int):
        name (str):
        is_paid (bool | None | Unset): Defaults to `true`.
    """

    days_per_year: int
    name: str
    is_paid: bool | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        days_per_year = self.days_per_year

        name = self.name

        is_paid: bool | None | Unset
        if isinstance(self.is_paid, Unset):
            is_paid = UNSET
        else:
            is_paid = self.is_paid

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "days_per_year": days_per_year,
                "name": name,
            }
        )
        if is_paid is not UNSET:
            field_dict["is_paid"] = is_paid

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        days_per_year = d.pop("days_per_year")

        name = d.pop("name")

        def _parse_is_paid(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        is_paid = _parse_is_paid(d.pop("is_paid", UNSET))

        leave_type_in = cls(
            days_per_year=days_per_year,
            name=name,
            is_paid=is_paid,
        )

        leave_type_in.additional_properties = d
        return leave_type_in

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
