from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CrmDiscussion")


@_attrs_define
class CrmDiscussion:
    """A task, call, e-mail or discussion entry of a lead or deal.

    Attributes:
        comment (str):
        created_at (str): RFC 3339, UTC.
        id (int): Unique per workspace and resource.
        updated_at (str): RFC 3339, UTC.
        user_id (int): The author.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        deal_id (int | Unset): The deal it belongs to. A record has exactly one of `lead_id` and `deal_id`.
        lead_id (int | Unset): The lead it belongs to. A record has exactly one of `lead_id` and `deal_id`.
    """

    comment: str
    created_at: str
    id: int
    updated_at: str
    user_id: int
    version: int
    deal_id: int | Unset = UNSET
    lead_id: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        comment = self.comment

        created_at = self.created_at

        id = self.id

        updated_at = self.updated_at

        user_id = self.user_id

        version = self.version

        deal_id = self.deal_id

        lead_id = self.lead_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "comment": comment,
                "created_at": created_at,
                "id": id,
                "updated_at": updated_at,
                "user_id": user_id,
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
        comment = d.pop("comment")

        created_at = d.pop("created_at")

        id = d.pop("id")

        updated_at = d.pop("updated_at")

        user_id = d.pop("user_id")

        version = d.pop("version")

        deal_id = d.pop("deal_id", UNSET)

        lead_id = d.pop("lead_id", UNSET)

        crm_discussion = cls(
            comment=comment,
            created_at=created_at,
            id=id,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
            deal_id=deal_id,
            lead_id=lead_id,
        )

        crm_discussion.additional_properties = d
        return crm_discussion

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
