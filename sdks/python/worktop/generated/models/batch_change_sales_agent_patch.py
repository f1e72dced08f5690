from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchChangeSalesAgentPatch")


@_attrs_define
class BatchChangeSalesAgentPatch:
    """One item of a batch update.

    Attributes:
        id (int): The record to change.
        version (int): The version the change is based on; a stale one fails the item (409 `version_conflict`).
        commission_rate (float | Unset): A percentage from 0 to 100, rounded to four decimals (a numeric string is
            accepted too). Example: 20.
        is_active (bool | Unset):
    """

    id: int
    version: int
    commission_rate: float | Unset = UNSET
    is_active: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        version = self.version

        commission_rate = self.commission_rate

        is_active = self.is_active

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "version": version,
            }
        )
        if commission_rate is not UNSET:
            field_dict["commission_rate"] = commission_rate
        if is_active is not UNSET:
            field_dict["is_active"] = is_active

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        version = d.pop("version")

        commission_rate = d.pop("commission_rate", UNSET)

        is_active = d.pop("is_active", UNSET)

        batch_change_sales_agent_patch = cls(
            id=id,
            version=version,
            commission_rate=commission_rate,
            is_active=is_active,
        )

        batch_change_sales_agent_patch.additional_properties = d
        return batch_change_sales_agent_patch

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
