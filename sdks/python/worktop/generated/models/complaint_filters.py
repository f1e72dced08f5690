from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.complaint_status import ComplaintStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="ComplaintFilters")


@_attrs_define
class ComplaintFilters:
    """`?complaint_from=`, `?complaint_against=` and `?status=` on the list.

    Attributes:
        complaint_against (int | None | Unset):
        complaint_from (int | None | Unset):
        status (ComplaintStatus | None | Unset):
    """

    complaint_against: int | None | Unset = UNSET
    complaint_from: int | None | Unset = UNSET
    status: ComplaintStatus | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        complaint_against: int | None | Unset
        if isinstance(self.complaint_against, Unset):
            complaint_against = UNSET
        else:
            complaint_against = self.complaint_against

        complaint_from: int | None | Unset
        if isinstance(self.complaint_from, Unset):
            complaint_from = UNSET
        else:
            complaint_from = self.complaint_from

        status: None | str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, ComplaintStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if complaint_against is not UNSET:
            field_dict["complaint_against"] = complaint_against
        if complaint_from is not UNSET:
            field_dict["complaint_from"] = complaint_from
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_complaint_against(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        complaint_against = _parse_complaint_against(d.pop("complaint_against", UNSET))

        def _parse_complaint_from(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        complaint_from = _parse_complaint_from(d.pop("complaint_from", UNSET))

        def _parse_status(data: object) -> ComplaintStatus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_1 = ComplaintStatus(data)

                return status_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ComplaintStatus | None | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        complaint_filters = cls(
            complaint_against=complaint_against,
            complaint_from=complaint_from,
            status=status,
        )

        return complaint_filters
