from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="WidgetLeadIn")


@_attrs_define
class WidgetLeadIn:
    """Body of `POST /api/widget/lead`.

    Example:
        {'email': 'visitor@example.com', 'name': 'Visitor', 'notes': 'Please call me', 'token':
            'wgt_0123456789abcdef0123456789abcdef'}

    Attributes:
        email (str):
        name (str):
        token (str): The widget's public token.
        notes (None | str | Unset):
        phone (None | str | Unset): Phone, subject and notes are kept only when the widget asks for them (and then
            checked as
            a lead's are).
        subject (None | str | Unset):
    """

    email: str
    name: str
    token: str
    notes: None | str | Unset = UNSET
    phone: None | str | Unset = UNSET
    subject: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        name = self.name

        token = self.token

        notes: None | str | Unset
        if isinstance(self.notes, Unset):
            notes = UNSET
        else:
            notes = self.notes

        phone: None | str | Unset
        if isinstance(self.phone, Unset):
            phone = UNSET
        else:
            phone = self.phone

        subject: None | str | Unset
        if isinstance(self.subject, Unset):
            subject = UNSET
        else:
            subject = self.subject

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "name": name,
                "token": token,
            }
        )
        if notes is not UNSET:
            field_dict["notes"] = notes
        if phone is not UNSET:
            field_dict["phone"] = phone
        if subject is not UNSET:
            field_dict["subject"] = subject

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        email = d.pop("email")

        name = d.pop("name")

        token = d.pop("token")

        def _parse_notes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        notes = _parse_notes(d.pop("notes", UNSET))

        def _parse_phone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        phone = _parse_phone(d.pop("phone", UNSET))

        def _parse_subject(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        subject = _parse_subject(d.pop("subject", UNSET))

        widget_lead_in = cls(
            email=email,
            name=name,
            token=token,
            notes=notes,
            phone=phone,
            subject=subject,
        )

        widget_lead_in.additional_properties = d
        return widget_lead_in

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
