from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CheckoutOut")


@_attrs_define
class CheckoutOut:
    """Answer of `POST /api/billing/checkout`.

    Attributes:
        checkout_url (str): The hosted payment page to send the customer to; it sends them back to the dashboard.
        session_id (str): The provider's checkout session.
    """

    checkout_url: str
    session_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checkout_url = self.checkout_url

        session_id = self.session_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checkout_url": checkout_url,
                "session_id": session_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        checkout_url = d.pop("checkout_url")

        session_id = d.pop("session_id")

        checkout_out = cls(
            checkout_url=checkout_url,
            session_id=session_id,
        )

        checkout_out.additional_properties = d
        return checkout_out

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
