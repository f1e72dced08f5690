from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.call_type import CallType
from ..types import UNSET, Unset

T = TypeVar("T", bound="CrmCall")


@_attrs_define
class CrmCall:
    """A task, call, e-mail or discussion entry of a lead or deal.

    Attributes:
        call_result (None | str):
        call_type (CallType):
        created_at (str): RFC 3339, UTC.
        description (None | str):
        duration (None | str): As the caller wrote it, e.g. `00:12:30`.
        id (int): Unique per workspace and resource.
        subject (str):
        updated_at (str): RFC 3339, UTC.
        user_id (int | None): Who made or took the call.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
        deal_id (int | Unset): The deal it belongs to. A record has exactly one of `lead_id` and `deal_id`.
        lead_id (int | Unset): The lead it belongs to. A record has exactly one of `lead_id` and `deal_id`.
    """

    call_result: None | str
    call_type: CallType
    created_at: str
    description: None | str
    duration: None | str
    id: int
    subject: str
    updated_at: str
    user_id: int | None
    version: int
    deal_id: int | Unset = UNSET
    lead_id: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        call_result: None | str
        call_result = self.call_result

        call_type = self.call_type.value

        created_at = self.created_at

        description: None | str
        description = self.description

        duration: None | str
        duration = self.duration

        id = self.id

        subject = self.subject

        updated_at = self.updated_at

        user_id: int | None
        user_id = self.user_id

        version = self.version

        deal_id = self.deal_id

        lead_id = self.lead_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "call_result": call_result,
                "call_type": call_type,
                "created_at": created_at,
                "description": description,
                "duration": duration,
                "id": id,
                "subject": subject,
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

        def _parse_call_result(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        call_result = _parse_call_result(d.pop("call_result"))

        call_type = CallType(d.pop("call_type"))

        created_at = d.pop("created_at")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_duration(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        duration = _parse_duration(d.pop("duration"))

        id = d.pop("id")

        subject = d.pop("subject")

        updated_at = d.pop("updated_at")

        def _parse_user_id(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        user_id = _parse_user_id(d.pop("user_id"))

        version = d.pop("version")

        deal_id = d.pop("deal_id", UNSET)

        lead_id = d.pop("lead_id", UNSET)

        crm_call = cls(
            call_result=call_result,
            call_type=call_type,
            created_at=created_at,
            description=description,
            duration=duration,
            id=id,
            subject=subject,
            updated_at=updated_at,
            user_id=user_id,
            version=version,
            deal_id=deal_id,
            lead_id=lead_id,
        )

        crm_call.additional_properties = d
        return crm_call

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
