from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ConnectStatus")


@_attrs_define
class ConnectStatus:
    """The platform's connected account (one per platform workspace).

    Attributes:
        account_id (str):
        charges_enabled (bool):
        details_submitted (bool):
        payouts_enabled (bool):
    """

    account_id: str
    charges_enabled: bool
    details_submitted: bool
    payouts_enabled: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        charges_enabled = self.charges_enabled

        details_submitted = self.details_submitted

        payouts_enabled = self.payouts_enabled

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "account_id": account_id,
                "charges_enabled": charges_enabled,
                "details_submitted": details_submitted,
                "payouts_enabled": payouts_enabled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        account_id = d.pop("account_id")

        charges_enabled = d.pop("charges_enabled")

        details_submitted = d.pop("details_submitted")

        payouts_enabled = d.pop("payouts_enabled")

        connect_status = cls(
            account_id=account_id,
            charges_enabled=charges_enabled,
            details_submitted=details_submitted,
            payouts_enabled=payouts_enabled,
        )

        connect_status.additional_properties = d
        return connect_status

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
