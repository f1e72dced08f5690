from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.lead_new_call_call_type import LeadNewCallCallType
from ..types import UNSET, Unset

T = TypeVar("T", bound="LeadNewCall")


@_attrs_define
class LeadNewCall:
    """Body of `lead-task/create` and `lead-call/store`: the task's or call's fields and its lead.

    Example:
        {'call_type': 'outbound', 'duration': '00:12:30', 'lead_id': 7, 'subject': 'Intro call'}

    Attributes:
        call_type (LeadNewCallCallType):
        lead_id (int):
        subject (str):
        call_result (None | str | Unset):
        description (None | str | Unset):
        duration (None | str | Unset):
        user_id (int | None | Unset): Defaults to the caller.
    """

    call_type: LeadNewCallCallType
    lead_id: int
    subject: str
    call_result: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    duration: None | str | Unset = UNSET
    user_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        call_type = self.call_type.value

        lead_id = self.lead_id

        subject = self.subject

        call_result: None | str | Unset
        if isinstance(self.call_result, Unset):
            call_result = UNSET
        else:
            call_result = self.call_result

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        duration: None | str | Unset
        if isinstance(self.duration, Unset):
            duration = UNSET
        else:
            duration = self.duration

        user_id: int | None | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "call_type": call_type,
                "lead_id": lead_id,
                "subject": subject,
            }
        )
        if call_result is not UNSET:
            field_dict["call_result"] = call_result
        if description is not UNSET:
            field_dict["description"] = description
        if duration is not UNSET:
            field_dict["duration"] = duration
        if user_id is not UNSET:
            field_dict["user_id"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        call_type = LeadNewCallCallType(d.pop("call_type"))

        lead_id = d.pop("lead_id")

        subject = d.pop("subject")

        def _parse_call_result(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        call_result = _parse_call_result(d.pop("call_result", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_duration(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        duration = _parse_duration(d.pop("duration", UNSET))

        def _parse_user_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))

        lead_new_call = cls(
            call_type=call_type,
            lead_id=lead_id,
            subject=subject,
            call_result=call_result,
            description=description,
            duration=duration,
            user_id=user_id,
        )

        lead_new_call.additional_properties = d
        return lead_new_call

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
