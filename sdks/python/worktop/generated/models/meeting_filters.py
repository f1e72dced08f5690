from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.meeting_status import MeetingStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="MeetingFilters")


@_attrs_define
class MeetingFilters:
    """`?opportunity_id=` and `?status=` on the list.

    Attributes:
        opportunity_id (int | None | Unset):
        status (MeetingStatus | None | Unset):
    """

    opportunity_id: int | None | Unset = UNSET
    status: MeetingStatus | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        opportunity_id: int | None | Unset
        if isinstance(self.opportunity_id, Unset):
            opportunity_id = UNSET
        else:
            opportunity_id = self.opportunity_id

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, MeetingStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if opportunity_id is not UNSET:
            field_dict["opportunity_id"] = opportunity_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_opportunity_id(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        opportunity_id = _parse_opportunity_id(d.pop("opportunity_id", UNSET))

        def _parse_status(data: object) -> MeetingStatus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = MeetingStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MeetingStatus | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        meeting_filters = cls(
            opportunity_id=opportunity_id,
            status=status,
        )

        return meeting_filters
