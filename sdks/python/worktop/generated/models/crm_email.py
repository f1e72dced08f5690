from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CrmEmail")


@_attrs_define
class CrmEmail:
    """A task, call, e-mail or discussion entry of a lead or deal.

    Attributes:
        created_at (str): RFC 3339, UTC.
        description (None | str):
        id (int): Unique per workspace and resource.
        subject (str):
        to (str): An e-mail address, trimmed and lower-cased.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        deal_id (int | Unset): The deal it belongs to. A record has exactly one of `lead_id` and `deal_id`.
        lead_id (int | Unset): The lead it belongs to. A record has exactly one of `lead_id` and `deal_id`.
    """

    created_at: str
    description: None | str
    id: int
    subject: str
    to: str
    updated_at: str
    version: int
    deal_id: int | Unset = UNSET
    lead_id: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        description: None | str
        description = self.description

        id = self.id

        subject = self.subject

        to = self.to

        updated_at = self.updated_at

        version = self.version

        deal_id = self.deal_id

        lead_id = self.lead_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created_at": created_at,
                "description": description,
                "id": id,
                "subject": subject,
                "to": to,
                "updated_at": updated_at,
                "version": version,
            }
        )
        if deal_id is not UNSET:
            field_dict["deal_id"] = deal_id
        if lead_id is not UNSET:
            field_dict["lead_id"] = lead_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        id = d.pop("id")

        subject = d.pop("subject")

        to = d.pop("to")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        deal_id = d.pop("deal_id", UNSET)

        lead_id = d.pop("lead_id", UNSET)

        crm_email = cls(
            created_at=created_at,
            description=description,
            id=id,
            subject=subject,
            to=to,
            updated_at=updated_at,
            version=version,
            deal_id=deal_id,
            lead_id=lead_id,
        )

        crm_email.additional_properties = d
        return crm_email

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
