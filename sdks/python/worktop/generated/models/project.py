from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.project_status import ProjectStatus

if TYPE_CHECKING:
    from ..models.custom_values import CustomValues


T = TypeVar("T", bound="Project")


@_attrs_define
class Project:
    """A project.

    Attributes:
        budget (float): What it may cost; 0 when not set. Example: 1250.5.
        clients (list[int]): Client users it is for.
        created_at (str): RFC 3339, UTC.
        custom_fields (CustomValues): The workspace's custom fields on this record, by key (GET /api/custom-fields).
        description (None | str):
        end_date (datetime.date | None): The deadline.
        finished_at (None | str): When it became `finished`.
        id (int): Unique per workspace and resource.
        members (list[int]): User ids of the workspace's people on it.
        name (str):
        start_date (datetime.date | None):
        status (ProjectStatus): Where a project stands: `ongoing ↔ on_hold → finished`.
        updated_at (str): RFC 3339, UTC.
        version (int): Goes up by one on every change; send it back (`version` or `If-Match`) to update safely.
    """

    budget: float
    clients: list[int]
    created_at: str
    custom_fields: CustomValues
    description: None | str
    end_date: datetime.date | None
    finished_at: None | str
    id: int
    members: list[int]
    name: str
    start_date: datetime.date | None
    status: ProjectStatus
    updated_at: str
    version: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        budget = self.budget

        clients = self.clients

        created_at = self.created_at

        custom_fields = self.custom_fields.to_dict()

        description: None | str
        description = self.description

        end_date: None | str
        if isinstance(self.end_date, datetime.date):
            end_date = self.end_date.isoformat()
        else:
            end_date = self.end_date

        finished_at: None | str
        finished_at = self.finished_at

        id = self.id

        members = self.members

        name = self.name

        start_date: None | str
        if isinstance(self.start_date, datetime.date):
            start_date = self.start_date.isoformat()
        else:
            start_date = self.start_date

        status = self.status.value

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "budget": budget,
                "clients": clients,
                "created_at": created_at,
                "custom_fields": custom_fields,
                "description": description,
                "end_date": end_date,
                "finished_at": finished_at,
                "id": id,
                "members": members,
                "name": name,
                "start_date": start_date,
                "status": status,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.custom_values import CustomValues

        d = dict(src_dict)
        budget = d.pop("budget")

        clients = cast(list[int], d.pop("clients"))

        created_at = d.pop("created_at")

        custom_fields = CustomValues.from_dict(d.pop("custom_fields"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_end_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                end_date_type_1 = datetime.date.fromisoformat(data)

                return end_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        end_date = _parse_end_date(d.pop("end_date"))

        def _parse_finished_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        id = d.pop("id")

        members = cast(list[int], d.pop("members"))

        name = d.pop("name")

        def _parse_start_date(data: object) -> datetime.date | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                start_date_type_1 = datetime.date.fromisoformat(data)

                return start_date_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None, data)

        start_date = _parse_start_date(d.pop("start_date"))

        status = ProjectStatus(d.pop("status"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        project = cls(
            budget=budget,
            clients=clients,
            created_at=created_at,
            custom_fields=custom_fields,
            description=description,
            end_date=end_date,
            finished_at=finished_at,
            id=id,
            members=members,
            name=name,
            start_date=start_date,
            status=status,
            updated_at=updated_at,
            version=version,
        )

        project.additional_properties = d
        return project

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
