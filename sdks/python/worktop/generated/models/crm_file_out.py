from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="CrmFileOut")


@_attrs_define
class CrmFileOut:
    """A file as the API shows it: everything but where its bytes are, and its download route.

    Attributes:
        content_type (str):
        created_at (str): RFC 3339, UTC.
        download_url (str): This API's route that answers the file (with the caller's token, as the record's own
            routes take it): its bytes, or in the cloud a redirect to a short-lived signed link.
        file_name (str):
        id (int): Unique per workspace and resource.
        size (int): Bytes.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        deal_id (int | Unset): The deal it belongs to. A record has exactly one of `lead_id` and `deal_id`.
        lead_id (int | Unset): The lead it belongs to. A record has exactly one of `lead_id` and `deal_id`.
    """

    content_type: str
    created_at: str
    download_url: str
    file_name: str
    id: int
    size: int
    updated_at: str
    version: int
    deal_id: int | Unset = UNSET
    lead_id: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        content_type = self.content_type

        created_at = self.created_at

        download_url = self.download_url

        file_name = self.file_name

        id = self.id

        size = self.size

        updated_at = self.updated_at

        version = self.version

        deal_id = self.deal_id

        lead_id = self.lead_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "content_type": content_type,
                "created_at": created_at,
                "download_url": download_url,
                "file_name": file_name,
                "id": id,
                "size": size,
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
        content_type = d.pop("content_type")

        created_at = d.pop("created_at")

        download_url = d.pop("download_url")

        file_name = d.pop("file_name")

        id = d.pop("id")

        size = d.pop("size")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        deal_id = d.pop("deal_id", UNSET)

        lead_id = d.pop("lead_id", UNSET)

        crm_file_out = cls(
            content_type=content_type,
            created_at=created_at,
            download_url=download_url,
            file_name=file_name,
            id=id,
            size=size,
            updated_at=updated_at,
            version=version,
            deal_id=deal_id,
            lead_id=lead_id,
        )

        crm_file_out.additional_properties = d
        return crm_file_out

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
