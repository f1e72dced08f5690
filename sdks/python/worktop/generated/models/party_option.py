from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_terms import PaymentTerms

T = TypeVar("T", bound="PartyOption")


@_attrs_define
class PartyOption:
    """A customer or vendor as a picker lists it.

    Attributes:
        company_name (None | str):
        email (None | str):
        id (int):
        name (str):
        payment_terms (PaymentTerms): When a customer's or vendor's invoices fall due.
    """

    company_name: None | str
    email: None | str
    id: int
    name: str
    payment_terms: PaymentTerms
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        company_name: None | str
        company_name = self.company_name

        email: None | str
        email = self.email

        id = self.id

        name = self.name

        payment_terms = self.payment_terms.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "company_name": company_name,
                "email": email,
                "id": id,
                "name": name,
                "payment_terms": payment_terms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_company_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        company_name = _parse_company_name(d.pop("company_name"))

        def _parse_email(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        email = _parse_email(d.pop("email"))

        id = d.pop("id")

        name = d.pop("name")

        payment_terms = PaymentTerms(d.pop("payment_terms"))

        party_option = cls(
            company_name=company_name,
            email=email,
            id=id,
            name=name,
            payment_terms=payment_terms,
        )

        party_option.additional_properties = d
        return party_option

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
