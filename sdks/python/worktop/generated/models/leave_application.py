from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.leave_status import LeaveStatus

T = TypeVar("T", bound="LeaveApplication")


@_attrs_define
class LeaveApplication:
    """An employee's application for leave.

    Attributes:
        approved_by (int | None): Who approved or rejected it.
        approver_comment (None | str):
        created_at (str): RFC 3339, UTC.
        decided_at (None | str): When it was approved or rejected.
        employee_id (int):
        end_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        id (int): Unique per workspace and resource.
        leave_type_id (int):
        reason (None | str):
        start_date (datetime.date): A calendar date written `YYYY-MM-DD`; the written form sorts as the dates do.
        status (LeaveStatus): Where an application stands: `pending → approved | rejected`.
        total_days (int): Calendar days, start and end included.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    approved_by: int | None
    approver_comment: None | str
    created_at: str
    decided_at: None | str
    employee_id: int
    end_date: datetime.date
    id: int
    leave_type_id: int
    reason: None | str
    start_date: datetime.date
    status: LeaveStatus
    total_days: int
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        approved_by: int | None
        approved_by = self.approved_by

        approver_comment: None | str
        approver_comment = self.approver_comment

        created_at = self.created_at

        decided_at: None | str
        decided_at = self.decided_at

        employee_id = self.employee_id

        end_date = self.end_date.isoformat()

        id = self.id

        leave_type_id = self.leave_type_id

        reason: None | str
        reason = self.reason

        start_date = self.start_date.isoformat()

        status = self.status.value

        total_days = self.total_days

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "approved_by": approved_by,
                "approver_comment": approver_comment,
                "created_at": created_at,
                "decided_at": decided_at,
                "employee_id": employee_id,
                "end_date": end_date,
                "id": id,
                "leave_type_id": leave_type_id,
                "reason": reason,
                "start_date": start_date,
                "status": status,
                "total_days": total_days,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_approved_by(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        approved_by = _parse_approved_by(d.pop("approved_by"))

        def _parse_approver_comment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        approver_comment = _parse_approver_comment(d.pop("approver_comment"))

        created_at = d.pop("created_at")

        def _parse_decided_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        decided_at = _parse_decided_at(d.pop("decided_at"))

        employee_id = d.pop("employee_id")

        end_date = datetime.date.fromisoformat(d.pop("end_date"))

        id = d.pop("id")

        leave_type_id = d.pop("leave_type_id")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        start_date = datetime.date.fromisoformat(d.pop("start_date"))

        status = LeaveStatus(d.pop("status"))

        total_days = d.pop("total_days")

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        leave_application = cls(
            approved_by=approved_by,
            approver_comment=approver_comment,
            created_at=created_at,
            decided_at=decided_at,
            employee_id=employee_id,
            end_date=end_date,
            id=id,
            leave_type_id=leave_type_id,
            reason=reason,
            start_date=start_date,
            status=status,
            total_days=total_days,
            updated_at=updated_at,
            version=version,
        )

        leave_application.additional_properties = d
        return leave_application

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
