from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.call_patch_call_type import CallPatchCallType
from ..types import UNSET, Unset

T = TypeVar("T", bound="CallPatch")


@_attrs_define
class CallPatch:
    """Body of the call update routes.

    Attributes:
        call_result (None | str | Unset):
        call_type (CallPatchCallType | Unset):
        description (None | str | Unset):
        duration (None | str | Unset):
        subject (str | Unset):
        user_id (int | None | Unset):
    """

    call_result: None | str | Unset = UNSET
    call_type: CallPatchCallType | Unset = UNSET
    description: None | str | Unset = UNSET
    duration: None | str | Unset = UNSET
    subject: str | Unset = UNSET
    user_id: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        call_result: None | str | Unset
        if isinstance(self.call_result, Unset):
            call_result = UNSET
        else:
            call_result = self.call_result

        call_type: str | Unset = UNSET
        if not isinstance(self.call_type, Unset):
            call_type = self.call_type.value

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

        subject = self.subject

        user_id: int | None | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if call_result is not UNSET:
            field_dict["call_result"] = call_result
        if call_type is not UNSET:
            field_dict["call_type"] = call_type
        if description is not UNSET:
            field_dict["description"] = description
        if duration is not UNSET:
            field_dict["duration"] = duration
        if subject is not UNSET:
            field_dict["subject"] = subject
        if user_id is not UNSET:
            field_dict["user_id"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_call_result(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        call_result = _parse_call_result(d.pop("call_result", UNSET))

        _call_type = d.pop("call_type", UNSET)
        call_type: CallPatchCallType | Unset
        if isinstance(_call_type, Unset):
            call_type = UNSET
        else:
            call_type = CallPatchCallType(_call_type)

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

        subject = d.pop("subject", UNSET)

        def _parse_user_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))

        call_patch = cls(
            call_result=call_result,
            call_type=call_type,
            description=description,
            duration=duration,
            subject=subject,
            user_id=user_id,
        )

        call_patch.additional_properties = d
        return call_patch

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
