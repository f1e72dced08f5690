from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.invitation_out import InvitationOut
    from ..models.sub_tenant_out import SubTenantOut


T = TypeVar("T", bound="ProvisionedOut")


@_attrs_define
class ProvisionedOut:
    """What provisioning answers: the sub-tenant and its owner's invitation (shown once).

    Attributes:
        invitation (InvitationOut): A set-password invitation, shown to the platform once.
        tenant (SubTenantOut): A sub-tenant as the API shows it.
    """

    invitation: InvitationOut
    tenant: SubTenantOut
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        invitation = self.invitation.to_dict()

        tenant = self.tenant.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "invitation": invitation,
                "tenant": tenant,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.invitation_out import InvitationOut
        from ..models.sub_tenant_out import SubTenantOut

        d = dict(src_dict)
        invitation = InvitationOut.from_dict(d.pop("invitation"))

        tenant = SubTenantOut.from_dict(d.pop("tenant"))

        provisioned_out = cls(
            invitation=invitation,
            tenant=tenant,
        )

        provisioned_out.additional_properties = d
        return provisioned_out

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
