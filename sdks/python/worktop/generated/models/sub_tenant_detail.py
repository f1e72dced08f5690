from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invitation_status import InvitationStatus
from ..models.tenant_status import TenantStatus

if TYPE_CHECKING:
    from ..models.usage import Usage


T = TypeVar("T", bound="SubTenantDetail")


@_attrs_define
class SubTenantDetail:
    """A sub-tenant with its usage.

    Attributes:
        base_plan (str): The platform's plan the sub-tenant runs under (its ceiling).
        created_at (str): RFC 3339, UTC.
        id (int): Unique per workspace and resource.
        invitation_expires_at (None | str): RFC 3339, while pending.
        invitation_status (InvitationStatus): Where a sub-tenant's owner invitation stands.
        name (str):
        owner_email (str): An e-mail address, trimmed and lower-cased.
        owner_joined_at (None | str):
        owner_name (str):
        plan_id (int | None): The white-label plan assigned; `null`: the base plan without the platform module.
        region (None | str): Its home region, where its account, records and credentials live (its tenant ids are
            that region's); `null` on a platform with one region.
        sandbox_tenant_id (int):
        status (TenantStatus): Whether a sub-tenant's credentials work.
        suspended_at (None | str):
        tenant_id (int): The sub-tenant's own workspace id.
        updated_at (str): RFC 3339, UTC.
        usage (Usage): What a sub-tenant uses, from counters (never its records).
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    base_plan: str
    created_at: str
    id: int
    invitation_expires_at: None | str
    invitation_status: InvitationStatus
    name: str
    owner_email: str
    owner_joined_at: None | str
    owner_name: str
    plan_id: int | None
    region: None | str
    sandbox_tenant_id: int
    status: TenantStatus
    suspended_at: None | str
    tenant_id: int
    updated_at: str
    usage: Usage
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        base_plan = self.base_plan

        created_at = self.created_at

        id = self.id

        invitation_expires_at: None | str
        invitation_expires_at = self.invitation_expires_at

        invitation_status = self.invitation_status.value

        name = self.name

        owner_email = self.owner_email

        owner_joined_at: None | str
        owner_joined_at = self.owner_joined_at

        owner_name = self.owner_name

        plan_id: int | None
        plan_id = self.plan_id

        region: None | str
        region = self.region

        sandbox_tenant_id = self.sandbox_tenant_id

        status = self.status.value

        suspended_at: None | str
        suspended_at = self.suspended_at

        tenant_id = self.tenant_id

        updated_at = self.updated_at

        usage = self.usage.to_dict()

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "base_plan": base_plan,
                "created_at": created_at,
                "id": id,
                "invitation_expires_at": invitation_expires_at,
                "invitation_status": invitation_status,
                "name": name,
                "owner_email": owner_email,
                "owner_joined_at": owner_joined_at,
                "owner_name": owner_name,
                "plan_id": plan_id,
                "region": region,
                "sandbox_tenant_id": sandbox_tenant_id,
                "status": status,
                "suspended_at": suspended_at,
                "tenant_id": tenant_id,
                "updated_at": updated_at,
                "usage": usage,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.usage import Usage

        d = dict(src_dict)
        base_plan = d.pop("base_plan")

        created_at = d.pop("created_at")

        id = d.pop("id")

        def _parse_invitation_expires_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        invitation_expires_at = _parse_invitation_expires_at(
            d.pop("invitation_expires_at")
        )

        invitation_status = InvitationStatus(d.pop("invitation_status"))

        name = d.pop("name")

        owner_email = d.pop("owner_email")

        def _parse_owner_joined_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner_joined_at = _parse_owner_joined_at(d.pop("owner_joined_at"))

        owner_name = d.pop("owner_name")

        def _parse_plan_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        plan_id = _parse_plan_id(d.pop("plan_id"))

        def _parse_region(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        region = _parse_region(d.pop("region"))

        sandbox_tenant_id = d.pop("sandbox_tenant_id")

        status = TenantStatus(d.pop("status"))

        def _parse_suspended_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        suspended_at = _parse_suspended_at(d.pop("suspended_at"))

        tenant_id = d.pop("tenant_id")

        updated_at = d.pop("updated_at")

        usage = Usage.from_dict(d.pop("usage"))

        version = d.pop("version")

        sub_tenant_detail = cls(
            base_plan=base_plan,
            created_at=created_at,
            id=id,
            invitation_expires_at=invitation_expires_at,
            invitation_status=invitation_status,
            name=name,
            owner_email=owner_email,
            owner_joined_at=owner_joined_at,
            owner_name=owner_name,
            plan_id=plan_id,
            region=region,
            sandbox_tenant_id=sandbox_tenant_id,
            status=status,
            suspended_at=suspended_at,
            tenant_id=tenant_id,
            updated_at=updated_at,
            usage=usage,
            version=version,
        )

        sub_tenant_detail.additional_properties = d
        return sub_tenant_detail

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
