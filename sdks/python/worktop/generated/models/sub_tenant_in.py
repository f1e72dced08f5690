from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SubTenantIn")


@_attrs_define
class SubTenantIn:
    """Body of `POST /api/wl/tenants`.

    Example:
        {'name': 'Acme Dental', 'owner_email': 'ana@acme-dental.example', 'owner_name': 'Ana Costa', 'plan_id': 1}

    Attributes:
        name (str):
        owner_email (str): The first owner's address: their login (it may be a login in other workspaces too).
        owner_name (str):
        plan_id (int | None | Unset): One of the platform's white-label plans; absent: the platform's plan less
            `platform`.
        region (None | str | Unset): Its home region, one of the platform's regions (a 422 names them); absent: the
            platform's own. Never changes afterwards.
    """

    name: str
    owner_email: str
    owner_name: str
    plan_id: int | None | Unset = UNSET
    region: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        owner_email = self.owner_email

        owner_name = self.owner_name

        plan_id: int | None | Unset
        if isinstance(self.plan_id, Unset):
            plan_id = UNSET
        else:
            plan_id = self.plan_id

        region: None | str | Unset
        if isinstance(self.region, Unset):
            region = UNSET
        else:
            region = self.region

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "owner_email": owner_email,
                "owner_name": owner_name,
            }
        )
        if plan_id is not UNSET:
            field_dict["plan_id"] = plan_id
        if region is not UNSET:
            field_dict["region"] = region

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        owner_email = d.pop("owner_email")

        owner_name = d.pop("owner_name")

        def _parse_plan_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        plan_id = _parse_plan_id(d.pop("plan_id", UNSET))

        def _parse_region(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        region = _parse_region(d.pop("region", UNSET))

        sub_tenant_in = cls(
            name=name,
            owner_email=owner_email,
            owner_name=owner_name,
            plan_id=plan_id,
            region=region,
        )

        sub_tenant_in.additional_properties = d
        return sub_tenant_in

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
