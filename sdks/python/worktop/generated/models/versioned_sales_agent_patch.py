from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VersionedSalesAgentPatch")


@_attrs_define
class VersionedSalesAgentPatch:
    """An update body with the optional `version` every update accepts beside its own fields. An
    extractor rather than `#[serde(flatten)]`, which would hide the field names of errors.

        Attributes:
            commission_rate (float | Unset): A percentage from 0 to 100, rounded to four decimals (a numeric string is
                accepted too). Example: 20.
            is_active (bool | Unset):
            version (int | None | Unset): The version the change is based on; a stale one is 409 `version_conflict`.
    """

    commission_rate: float | Unset = UNSET
    is_active: bool | Unset = UNSET
    version: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commission_rate = self.commission_rate

        is_active = self.is_active

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if commission_rate is not UNSET:
            field_dict["commission_rate"] = commission_rate
        if is_active is not UNSET:
            field_dict["is_active"] = is_active
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        commission_rate = d.pop("commission_rate", UNSET)

        is_active = d.pop("is_active", UNSET)

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        versioned_sales_agent_patch = cls(
            commission_rate=commission_rate,
            is_active=is_active,
            version=version,
        )

        versioned_sales_agent_patch.additional_properties = d
        return versioned_sales_agent_patch

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
