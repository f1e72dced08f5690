from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SalesAgent")


@_attrs_define
class SalesAgent:
    """A user who sells on commission.

    Attributes:
        commission_rate (float): What they earn on an invoice's amount net of tax, in percent. Example: 20.
        created_at (str): RFC 3339, UTC.
        id (int): Unique per workspace and resource.
        is_active (bool): Inactive agents are no longer credited with new invoices.
        name (str): The user's name when they became an agent.
        updated_at (str): RFC 3339, UTC.
        user_id (int): The user (one agent per user).
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    commission_rate: float
    created_at: str
    id: int
    is_active: bool
    name: str
    updated_at: str
    user_id: int
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commission_rate = self.commission_rate

        created_at = self.created_at

        id = self.id

        is_active = self.is_active

        name = self.name

        updated_at = self.updated_at

        user_id = self.user_id

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commission_rate": commission_rate,
                "created_at": created_at,
                "id": id,
                "is_active": is_active,
                "name": name,
                "updated_at": updated_at,
                "user_id": user_id,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        commission_rate = d.pop("commission_rate")

        created_at = d.pop("created_at")

        id = d.pop("id")

        is_active = d.pop("is_active")

        name = d.pop("name")

        updated_at = d.pop("updated_at")

        user_id = d.pop("user_id")

        version = d.pop("version")

        sales_agent = cls(
            commission_rate=commission_rate,
            created_at=created_at,
            id=id,
            is_active=is_active,
            name=name,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
        )

        sales_agent.additional_properties = d
        return sales_agent

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
