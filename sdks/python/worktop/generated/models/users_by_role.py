from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UsersByRole")


@_attrs_define
class UsersByRole:
    """Counts by role.

    Attributes:
        admin (int):
        client (int):
        owner (int):
        staff (int):
        vendor (int):
    """

    admin: int
    client: int
    owner: int
    staff: int
    vendor: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        admin = self.admin

        client = self.client

        owner = self.owner

        staff = self.staff

        vendor = self.vendor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "admin": admin,
                "client": client,
                "owner": owner,
                "staff": staff,
                "vendor": vendor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        admin = d.pop("admin")

        client = d.pop("client")

        owner = d.pop("owner")

        staff = d.pop("staff")

        vendor = d.pop("vendor")

        users_by_role = cls(
            admin=admin,
            client=client,
            owner=owner,
            staff=staff,
            vendor=vendor,
        )

        users_by_role.additional_properties = d
        return users_by_role

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
